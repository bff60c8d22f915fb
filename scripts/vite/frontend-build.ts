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

/**
 * React Router's ESM build creates Link, NavLink and Form with `React.forwardRef(...)` calls that carry
 * no pure annotation, and names them with top-level `displayName` writes: both count as side effects,
 * so every router component stays in the bundle whether used or not (Form and its submission code
 * among them, about 2 KB gzip). This marks those calls pure and drops those names (seen only in
 * React's developer tools), so what an app does not import is left out (react-admin's data router keeps what it uses). It also turns the
 * development build's warnings off.
 */
export function treeShakeReactRouter(): Plugin {
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
export function hoistNonReactStaticsWithoutSideEffects(): Plugin {
  return {
    name: 'supply-hub:hoist-non-react-statics-without-side-effects',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/ },
      handler: (code) => ({ code, map: null, moduleSideEffects: false }),
    },
  };
}

const NO_CSS_VARIABLES_THEME = '\0supply-hub:no-css-variables-theme';

/**
 * MUI's `createTheme` (which every MUI component also runs once for its default theme) builds themes
 * without CSS variables itself and hands those with `cssVariables` to createThemeWithVars, which
 * brings the CSS-variables machinery along (about 4 KB gzip). Neither app's theme has any
 * (storefront/src/app/theme.ts, backoffice/src/layout/theme.ts), so that import is replaced by a
 * function that says so if ever called.
 */
export function withoutCssVariablesTheme(): Plugin {
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
  throw new Error('Built without MUI themes that use CSS variables (scripts/vite/frontend-build.ts)');
}`;
    },
  };
}

/**
 * Swaps one static import of a MUI component for a file of ours that loads it on first use: MUI
 * imports parts it draws only after an interaction (a ripple, a tooltip's popper) statically, so
 * they would weigh on the first screen.
 */
export function lazyMuiPart(options: {
  name: string;
  /** The importing MUI module, e.g. /@mui/material/Tooltip/Tooltip.mjs$ (with either separator). */
  importer: RegExp;
  /** The import as written in that module, e.g. '../Popper/index.mjs'. */
  source: string;
  /** Absolute path of our replacement. */
  replacement: string;
}): Plugin {
  return {
    name: `supply-hub:${options.name}`,
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === options.source && importer && options.importer.test(importer) ? options.replacement : null;
    },
  };
}
