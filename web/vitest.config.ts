import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [relay, react()],
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], environmentOptions: { jsdom: { url: 'http://localhost:3000/' } } },
});
