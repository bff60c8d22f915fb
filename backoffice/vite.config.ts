import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes name.js.gz beside each script and stylesheet; the server sends it to browsers that accept gzip. */
function precompress(): Plugin {
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

// Served by the API server under /admin; in development the API runs on port 3000.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    // Every browser the build targets preloads modules itself.
    modulePreload: { polyfill: false },
    // react-admin's own code is most of the first chunk (about 280 KB gzip, under the 300 KB budget).
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // What every page needs is one chunk: fewer requests before the first screen, and a larger
        // file compresses better than many small shared ones.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
