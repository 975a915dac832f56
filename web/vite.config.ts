import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import relay from 'vite-plugin-relay';

/**
 * One config for the client build (`dist/client`, with a manifest the api reads) and the SSR
 * build (`vite build --ssr src/entry-server.tsx` → `dist/server`).
 */
export default defineConfig({
  plugins: [relay, react()],
  build: {
    manifest: true,
    rollupOptions: { input: 'src/entry-client.tsx' },
    sourcemap: true,
  },
  ssr: {
    // Bundle our workspace packages (TypeScript + CSS modules) into the server build.
    noExternal: ['@studio/ui'],
  },
});
