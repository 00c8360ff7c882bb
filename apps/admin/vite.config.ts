import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompress } from '../../scripts/vite-precompress.ts';

// The API's port in development (scripts/dev.mjs gives the server and Vite the same PORT).
const apiTarget = `http://localhost:${process.env.PORT?.trim() || 3000}`;

// The back office is its own app, served by the store server at /admin (apps/server/src/plugins/
// web.ts): nothing here is imported by the storefront, so its bundles do not change.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/images': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/]react(-dom)?[\\/]/, priority: 1 }],
        },
      },
    },
  },
});
