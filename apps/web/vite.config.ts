import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// The API's port in development: scripts/dev.mjs gives the server and Vite the same PORT. (Build
// config, not app code, so it may read the environment.)
const apiTarget = `http://localhost:${process.env.PORT?.trim() || 3000}`;

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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // TanStack Query is off the entry (it comes with every route, see app/router.tsx). Left to
          // automatic splitting it lands in 4 small chunks, each route taking a different subset; one
          // chunk is fewer requests and compresses better.
          // React gets its own group first, or the query group would pull it in (dependencies are
          // captured with a group) and so land on the entry.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/]react[\\/]/, priority: 2 },
            { name: 'tanstack-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
