/**
 * What pages load, read from Vite's build manifest (`web/dist/client/.vite/manifest.json`): the
 * single-page app's entry with its styles, preloads and fonts, and the islands of HTML-first pages
 * (SITE-DELIVERY): each island's script and the chunks it imports.
 */
import { readFileSync } from 'node:fs';
import type { IslandAssets, IslandId, PageAssets } from '@studio/site/ssr';

/** The manifest key (source path) of each island's entry (web/vite.config.ts). */
export const ISLAND_ENTRIES: Record<IslandId, string> = { main: 'src/islands/main.ts', order: 'src/islands/order.tsx' };

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * Reads the client entry's script, styles, preloads and main fonts from Vite's build manifest. Styles also
 * cover the lazily loaded route chunks (account pages): a server-rendered account page is then
 * styled on first paint instead of waiting for its chunk; all CSS together is a few KB gzip.
 */
export function assetsFromManifest(manifestFile: string, entry = 'src/entry-client.tsx'): PageAssets {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const islands = islandsOf(manifest);
  const root = manifest[entry];
  if (!root) throw new Error(`${manifestFile} has no entry ${entry}`);
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const preloadKeys = new Set<string>();
  const visit = (key: string, isRoot: boolean) => {
    const chunk = manifest[key];
    if (!chunk) return;
    chunk.css?.forEach((c) => styles.add(`/${c}`));
    if (!isRoot) {
      if (preloads.has(`/${chunk.file}`)) return;
      preloads.add(`/${chunk.file}`);
      preloadKeys.add(key);
    }
    chunk.imports?.forEach((i) => visit(i, false));
  };
  visit(entry, true);
  const lazyVisited = new Set<string>();
  const visitLazyStyles = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || lazyVisited.has(key)) return;
    lazyVisited.add(key);
    chunk.css?.forEach((c) => styles.add(`/${c}`));
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(visitLazyStyles);
  };
  // Lazy chunks imported by the entry or by any module it loads statically (e.g. the route table).
  for (const key of [entry, ...preloadKeys]) manifest[key]?.dynamicImports?.forEach(visitLazyStyles);
  // With `build.cssCodeSplit: false` (web/vite.config.ts) all CSS is one `style.css` entry.
  for (const [key, chunk] of Object.entries(manifest)) if (key.endsWith('.css') && chunk.file.endsWith('.css')) styles.add(`/${chunk.file}`);
  const fonts = Object.entries(manifest)
    .filter(([key]) => /fonts\/inter-(latin|cyrillic)-wght-normal\.woff2$/.test(key))
    .map(([, chunk]) => `/${chunk.file}`);
  return { scripts: [`/${root.file}`], styles: [...styles], preloads: [...preloads], fonts, ...(islands ? { islands } : {}) };
}

/** An entry's script and every chunk it imports statically, transitively. */
function entryAssets(manifest: Record<string, ManifestChunk>, key: string): IslandAssets | null {
  const root = manifest[key];
  if (!root) return null;
  const preloads = new Set<string>();
  const visit = (chunkKey: string) => {
    const chunk = manifest[chunkKey];
    if (!chunk || preloads.has(`/${chunk.file}`)) return;
    preloads.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  root.imports?.forEach(visit);
  return { script: `/${root.file}`, preloads: [...preloads] };
}

/** Every island's assets, or undefined when the build has none (a manifest of the app alone). */
function islandsOf(manifest: Record<string, ManifestChunk>): Record<IslandId, IslandAssets> | undefined {
  const main = entryAssets(manifest, ISLAND_ENTRIES.main);
  const order = entryAssets(manifest, ISLAND_ENTRIES.order);
  return main && order ? { main, order } : undefined;
}
