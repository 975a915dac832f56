import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import relay from 'vite-plugin-relay';
import { keepPreviousBuild, serviceWorker } from './src/sw/build';

/** This build's id: `STUDIO_BUILD_ID` when the deployer sets one, else time + random. */
const buildId = process.env.STUDIO_BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/**
 * Bakes the build id into the client (`__STUDIO_BUILD_ID__`) and, in the client build, writes the
 * latest-build descriptor `_build/latest.json` ({ id, builtAt }) and the build manifest
 * `_build/<id>.json` ({ id, files }) that new-build detection reads (SITE-BUILD).
 */
function buildDescriptor(): Plugin {
  let ssr = false;
  return {
    name: 'studio-build-descriptor',
    config: () => ({ define: { __STUDIO_BUILD_ID__: JSON.stringify(buildId) } }),
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const files = Object.keys(bundle)
        .filter((name) => !name.endsWith('.map'))
        .sort();
      this.emitFile({ type: 'asset', fileName: '_build/latest.json', source: JSON.stringify({ id: buildId, builtAt: new Date().toISOString() }) });
      this.emitFile({ type: 'asset', fileName: `_build/${buildId}.json`, source: JSON.stringify({ id: buildId, files }) });
    },
  };
}

/**
 * One config for the client build (`dist/client`, with a manifest the api reads) and the SSR
 * build (`vite build --ssr src/entry-server.tsx` → `dist/server`).
 */
export default defineConfig({
  // The service worker and the previous build's assets kept beside this one's (SITE-SW, decision 0037).
  plugins: [relay, react(), buildDescriptor(), keepPreviousBuild(buildId), serviceWorker(buildId)],
  // `source`: bundle @studio/site from its TypeScript (see its package.json exports).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    manifest: true,
    // All CSS is ~10 KB gzip: one stylesheet in the head beats a request per route chunk, and a
    // lazily loaded page never reflows when its styles arrive after the server-rendered HTML.
    cssCodeSplit: false,
    // The single-page app, and the islands of HTML-first pages (SITE-DELIVERY): `main` on every
    // such page, `order` (the order form, React) on /order only.
    rollupOptions: { input: { app: 'src/entry-client.tsx', islands: 'src/islands/main.ts', order: 'src/islands/order.tsx' } },
    sourcemap: true,
  },
  ssr: {
    // Bundle our workspace packages (TypeScript + CSS modules) into the server build.
    noExternal: ['@studio/ui', '@studio/site'],
    resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] },
  },
});
