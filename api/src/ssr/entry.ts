/**
 * Loads the web app's server entry (the contract of `@studio/site/ssr`) and its assets: the built
 * ones from `web/dist` (hashed assets served from `/assets/`, immutable and precompressed), or in
 * development Vite's middleware with hot reload and `ssrLoadModule`.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { PageAssets, ServerEntry } from '@studio/site/ssr';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.js';
import { assetsFromManifest } from './assets.js';

/** The entry and the assets of the page at `url`. */
export type EntryLoader = (url: string) => Promise<{ entry: ServerEntry; assets: PageAssets }>;

/** Registers what serves the web app's modules and returns how to load its entry (`close` ends Vite in development). */
export async function loadServerEntry(app: FastifyInstance, config: Config, viteDev: boolean): Promise<{ loadEntry: EntryLoader; close(): Promise<void> }> {
  return viteDev ? viteEntry(app, config) : { loadEntry: await builtEntry(app, config), close: async () => {} };
}

/** Development: Vite's middleware for everything but /api, the entry through `ssrLoadModule`. */
async function viteEntry(app: FastifyInstance, config: Config): Promise<{ loadEntry: EntryLoader; close(): Promise<void> }> {
  const webRoot = resolve(config.webDistDir, '..');
  const { createServer } = await import('vite');
  const vite = await createServer({ root: webRoot, server: { middlewareMode: true, hmr: { port: config.port + 20000 } }, appType: 'custom' });
  const middie = (await import('@fastify/middie')).default;
  await app.register(middie);
  app.use((req, res, next) => {
    const url = req.url ?? '';
    if (url.startsWith('/api/')) return next();
    vite.middlewares(req, res, next);
  });
  const loadEntry: EntryLoader = async (url) => {
    const entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
    const shell = await vite.transformIndexHtml(url, '<html><head></head><body></body></html>');
    const devHead = /<head>([\s\S]*)<\/head>/.exec(shell)?.[1] ?? '';
    const islands = { main: { script: '/src/islands/main.ts', preloads: [] }, order: { script: '/src/islands/order.tsx', preloads: [] } };
    return { entry, assets: { scripts: ['/src/entry-client.tsx'], styles: [], preloads: [], devHead, islands } };
  };
  return { loadEntry, close: () => vite.close() };
}

/** Production: the built entry and manifest (refusing to start without them), and the hashed assets. */
async function builtEntry(app: FastifyInstance, config: Config): Promise<EntryLoader> {
  const clientDir = join(config.webDistDir, 'client');
  const entryFile = join(config.webDistDir, 'server', 'entry-server.js');
  const manifestFile = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) {
    throw new Error(`The web app is not built (${entryFile} missing): run \`pnpm build\` (or \`pnpm start\`, which builds it).`);
  }
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const assets = assetsFromManifest(manifestFile);
  await app.register(fastifyStatic, {
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    index: false,
  });
  return async () => ({ entry, assets });
}
