import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API server under /admin; in development the API runs on port 3000.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist' },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
