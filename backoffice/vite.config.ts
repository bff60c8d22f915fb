import path from 'node:path';
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

const NO_LOGIN_PAGE = '\0supply-hub:admin-ui-without-login-page';
let authCallbackFile: string | undefined;

/**
 * react-admin's AdminUI imports its Login page for the default `loginPage`, and with it the sign-in
 * form's text and password inputs (MUI's TextField, Select and input variants, about 20 KB gzip on
 * the first screen). Sign-in lives on the storefront and App.tsx passes `loginPage={false}`, so in
 * the build AdminUI gets a module with the same AuthCallback and a Login that says so if ever shown.
 */
function withoutLoginPage(): Plugin {
  return {
    name: 'supply-hub:without-login-page',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (source !== './auth/index.js' || !importer) return null;
      if (!/[\\/]ra-ui-materialui[\\/]dist[\\/]AdminUI\.js$/.test(importer)) return null;
      authCallbackFile = path.join(path.dirname(importer), 'auth', 'AuthCallback.js');
      return NO_LOGIN_PAGE;
    },
    load(id) {
      if (id !== NO_LOGIN_PAGE || !authCallbackFile) return null;
      return `export { AuthCallback } from ${JSON.stringify(authCallbackFile)};
export function Login() {
  throw new Error('The back office is built without react-admin\\'s login page (vite.config.ts): sign-in is on the storefront');
}`;
    },
  };
}

const NATIVE_POLYFILLS: Record<string, string> = {
  'object.entries': 'module.exports = Object.entries;',
  hasown: 'module.exports = (object, key) => Object.prototype.hasOwnProperty.call(object, key);',
};

/**
 * node-polyglot (react-admin's translations) requires the object.entries and hasown polyfills, which
 * bring get-intrinsic, call-bind, object-keys and a dozen more shims (about 6 KB gzip on the first
 * screen) for what every browser the build targets has built in: it gets the built-ins instead.
 */
function nativePolyglotShims(): Plugin {
  const prefix = '\0supply-hub:native:';
  return {
    name: 'supply-hub:native-polyglot-shims',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const fromPolyglot = importer && /[\\/]node-polyglot[\\/]/.test(importer);
      return fromPolyglot && source in NATIVE_POLYFILLS ? prefix + source : null;
    },
    load(id) {
      return id.startsWith(prefix) ? NATIVE_POLYFILLS[id.slice(prefix.length)] : null;
    },
  };
}

/**
 * The page title's preferences editor (shown only in react-admin's configurable mode, which the back
 * office never turns on) imports MUI's TextField, and with it every input variant and Select (about
 * 12 KB gzip on the first screen). In the build it gets a TextField loaded when first shown.
 */
function lazyPageTitleEditorField(): Plugin {
  const eager = "import { TextField } from '@mui/material';";
  const lazy = `const LazyTextField = React.lazy(() => import('@mui/material/TextField'));
const TextField = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LazyTextField, props));`;
  return {
    name: 'supply-hub:lazy-page-title-editor-field',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]ra-ui-materialui[\\/]dist[\\/]layout[\\/]PageTitleConfigurable\.js$/ },
      handler(code) {
        if (!code.includes(eager)) throw new Error('PageTitleConfigurable no longer imports TextField as expected');
        return { code: code.replace(eager, lazy), map: null };
      },
    },
  };
}

/** MUI's Tooltip imports Popper and Popper.js statically though it renders them only once open. */
const lazyTooltipPopper = () =>
  lazyMuiPart({
    name: 'lazy-tooltip-popper',
    importer: /[\\/]@mui[\\/]material[\\/]Tooltip[\\/]Tooltip\.mjs$/,
    source: '../Popper/index.mjs',
    replacement: fileURLToPath(new URL('./src/components/LazyTooltipPopper.tsx', import.meta.url)),
  });

// Served by the API server under /admin.
const shared = frontendConfig({ base: '/admin/', devPort: 5174 });

export default defineConfig({
  ...shared,
  plugins: [
    react(),
    treeShakeReactRouter(),
    withoutCssVariablesTheme(),
    hoistNonReactStaticsWithoutSideEffects(),
    withoutLoginPage(),
    nativePolyglotShims(),
    lazyPageTitleEditorField(),
    lazyTooltipPopper(),
    precompress(),
  ],
  build: {
    ...shared.build,
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
});
