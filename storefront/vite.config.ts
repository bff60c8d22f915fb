import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Served by the API server at "/"; in development the API runs on port 3000.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
