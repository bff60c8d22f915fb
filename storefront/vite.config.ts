import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { frontendConfig, precompress } from '../scripts/vite/frontend-build';

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
 * React Router's ESM build creates Link, NavLink and Form with `React.forwardRef(...)` calls that carry
 * no pure annotation, and names them with top-level `displayName` writes: both count as side effects,
 * so every router component stays in the bundle whether used or not (Form and its submission code
 * among them, about 2 KB gzip). This marks those calls pure and drops those names (seen only in
 * React's developer tools), so what the app does not import is left out. It also turns the
 * development build's warnings off.
 */
function treeShakeReactRouter(): Plugin {
  const unusedNames = /^(Link|NavLink|Form|HistoryRouter|ScrollRestoration)\.displayName = "[\w]+";$/gm;
  return {
    name: 'supply-hub:tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        const annotated = code
          .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(')
          .replace(unusedNames, '')
          // The one line by which the package's production build differs from the development one it
          // exports: without it the developer warnings and the "Hey developer" error text stay (~1 KB gzip).
          .replace('var ENABLE_DEV_WARNINGS = true;', 'var ENABLE_DEV_WARNINGS = false;');
        return annotated === code ? null : { code: annotated, map: null };
      },
    },
  };
}

/**
 * hoist-non-react-statics (Emotion's `withTheme`, which nothing here uses) declares no `sideEffects`
 * in its package.json, so its CommonJS code ran and stayed in every page (about 1.4 KB gzip with its
 * react-is). It only defines a function: declared free of side effects, it leaves when unused.
 */
function hoistNonReactStaticsWithoutSideEffects(): Plugin {
  return {
    name: 'supply-hub:hoist-non-react-statics-without-side-effects',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/ },
      handler: (code) => ({ code, map: null, moduleSideEffects: false }),
    },
  };
}

const LAZY_TOUCH_RIPPLE = fileURLToPath(new URL('./src/lib/lazy-touch-ripple.tsx', import.meta.url));

/**
 * Every MUI button's ripple (TouchRipple, ~1.5 KB gzip) is drawn only once a button is pressed or
 * focused from the keyboard, yet ButtonBase imports it statically: in the build, ButtonBase gets
 * src/lib/lazy-touch-ripple.tsx instead, which loads it then.
 */
function lazyTouchRipple(): Plugin {
  return {
    name: 'supply-hub:lazy-touch-ripple',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromButtonBase = importer && /[\\/]@mui[\\/]material[\\/]ButtonBase[\\/]ButtonBase\.mjs$/.test(importer);
      return source === './TouchRipple.mjs' && fromButtonBase ? LAZY_TOUCH_RIPPLE : null;
    },
  };
}

const NO_CSS_VARIABLES_THEME = '\0supply-hub:no-css-variables-theme';

/**
 * MUI's `createTheme` (which every MUI component also runs once for its default theme) builds themes
 * without CSS variables itself and hands those with `cssVariables` to createThemeWithVars, which
 * brings the CSS-variables machinery along (about 4 KB gzip). The storefront's theme has none
 * (src/app/theme.ts), so that import is replaced by a function that says so if ever called.
 */
function withoutCssVariablesTheme(): Plugin {
  return {
    name: 'supply-hub:without-css-variables-theme',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (
        source === './createThemeWithVars.mjs' &&
        importer &&
        /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer)
      ) {
        return NO_CSS_VARIABLES_THEME;
      }
      return null;
    },
    load(id) {
      if (id !== NO_CSS_VARIABLES_THEME) return null;
      return `export default function createThemeWithVars() {
  throw new Error('The storefront is built without MUI themes that use CSS variables (vite.config.ts)');
}`;
    },
  };
}

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
