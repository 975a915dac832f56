import react from '@vitejs/plugin-react';
import relay from 'vite-plugin-relay';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [relay, react()],
  // `source`: @studio/site from its TypeScript (see its package.json exports).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  // isolate: false — one jsdom and one module graph per worker instead of per file (the component
  // tests import the design system, the router and Relay: ~60 s of CPU isolated, ~9 s shared).
  // testTimeout: a hang guard, not a speed check — typing into jsdom forms takes seconds on a
  // busy 2-core machine (a 5 s default failed the IBAN form there).
  test: {
    testTimeout: 20_000,
    setupFiles: ['src/test/setup.ts'],
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    isolate: false,
  },
});
