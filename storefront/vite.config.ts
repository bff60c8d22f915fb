import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import {
  frontendConfig,
  hoistNonReactStaticsWithoutSideEffects,
  lazyMuiPart,
  precompress,
  treeShakeReactRouter,
  withoutCssVariablesTheme,
} from '../scripts/vite/frontend-build';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const CATALOG_PAGE = fileURLToPath(new URL('./src/features/catalogue/components/CatalogPage.tsx', import.meta.url));

/** Every module `root` imports statically, directly or not, itself included. */
function staticClosure(root: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Every MUI button's ripple (TouchRipple, ~1.5 KB gzip) is drawn only once a button is pressed or
 * focused from the keyboard, yet ButtonBase imports it statically.
 */
const lazyTouchRipple = () =>
  lazyMuiPart({
    name: 'lazy-touch-ripple',
    importer: /[\\/]@mui[\\/]material[\\/]ButtonBase[\\/]ButtonBase\.mjs$/,
    source: './TouchRipple.mjs',
    replacement: fileURLToPath(new URL('./src/lib/lazy-touch-ripple.tsx', import.meta.url)),
  });

let catalogModules: Set<string> | undefined;

/**
 * Preloads the catalogue's chunk from index.html: /catalog is where providers land, and otherwise
 * its fetch waits for the entry chunk to download and run (one more round trip before the cards).
 */
function preloadCatalogChunk(): Plugin {
  return {
    name: 'supply-hub:preload-catalog',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === 'catalog',
        );
        if (!chunk) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

// Served by the API server at "/".
const shared = frontendConfig({ base: '/', devPort: 5173 });

export default defineConfig({
  ...shared,
  plugins: [
    react(),
    treeShakeReactRouter(),
    withoutCssVariablesTheme(),
    hoistNonReactStaticsWithoutSideEffects(),
    lazyTouchRipple(),
    preloadCatalogChunk(),
    precompress(),
  ],

  build: {
    ...shared.build,
    rolldownOptions: {
      output: {
        // What every signed-in page needs is one chunk and what /catalog adds is a second: a few
        // larger files compress better and cost fewer requests than dozens of small shared ones.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: (id, context) => {
                catalogModules ??= staticClosure(CATALOG_PAGE, context);
                return catalogModules.has(id) ? 'catalog' : null;
              },
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
