import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { frontendConfig, precompress } from '../scripts/vite/frontend-build';

// Served by the API server under /admin.
const shared = frontendConfig({ base: '/admin/', devPort: 5174 });

export default defineConfig({
  ...shared,
  plugins: [react(), precompress()],
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
