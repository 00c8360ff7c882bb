import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // The API client builds its base from window.location.origin.
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // a findBy waits up to 5 s (test/setup.ts), and a form test makes several in a row: 5 s for the
    // whole test (Vitest's default) timed out the settings form's tests on a loaded machine
    testTimeout: 20_000,
  },
});
