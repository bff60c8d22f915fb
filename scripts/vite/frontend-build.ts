// What the storefront's and the back office's Vite builds have in common.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { Plugin, UserConfig } from 'vite';

/** Writes name.js.gz beside each script and stylesheet; the server sends it to browsers that accept gzip. */
export function precompress(): Plugin {
  return {
    name: 'supply-hub:precompress',
    apply: 'build',
    // After writing: earlier hooks (Vite's preload helper among them) still change the chunks' code.
    writeBundle(options, bundle) {
      for (const output of Object.values(bundle)) {
        if (!/\.(js|css|svg)$/.test(output.fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        writeFileSync(path.join(options.dir ?? 'dist', `${output.fileName}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The settings every frontend the API server hosts under `base` shares. In development the API
 * runs on port 3000 and Vite forwards /api to it.
 */
export function frontendConfig(options: { base: string; devPort: number }) {
  return {
    base: options.base,
    build: {
      outDir: 'dist',
      // Every browser the build targets preloads modules itself.
      modulePreload: { polyfill: false },
    },
    server: {
      port: options.devPort,
      proxy: { '/api': 'http://127.0.0.1:3000' },
    },
  } satisfies UserConfig;
}
