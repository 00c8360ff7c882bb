import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    // In development the store server (apps/server) answers the API, images and the payment sandbox.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget, changeOrigin: false },
      '/sandbox-gateway': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    // The manifest lets bench/web-size.mjs measure what the home page loads.
    manifest: true,
    target: 'es2022',
  },
});
