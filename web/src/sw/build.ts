/**
 * Build-time parts of the service worker and of deploy safety (SITE-SW, SITE-BUILD, decision 0037),
 * used by web/vite.config.ts in the client build:
 * - `serviceWorker(buildId)`: vite-plugin-pwa (injectManifest) builds `src/sw/sw.ts` into
 *   `dist/client/sw.js` with the precache list of THIS build's CSS, fonts and the scripts public
 *   pages load (`documentScripts`), plus the three offline pages revisioned by `buildId`;
 * - `keepPreviousBuild()`: the client build no longer empties `dist/client`; after writing, it
 *   deletes every asset and build descriptor that belongs neither to this build nor to the previous
 *   one (the files of the `.vite/manifest.json` and the id of the `_build/latest.json` found before
 *   the build), so pages of the previous build keep loading their chunks during and after a deploy.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { OFFLINE_URLS } from './offline';

/** File names (relative to `dist/client`, e.g. `assets/app-1a2b3c4d.js`) of the build being written. */
const currentFiles = new Set<string>();

/** Whether a precached file is an asset of this build (files kept from the previous build are not precached). */
function isCurrent(url: string): boolean {
  const file = url.replace(/^\//, '');
  return !file.startsWith('assets/') || currentFiles.size === 0 || currentFiles.has(file);
}

/** The entries whose scripts the worker precaches: the documents' islands (SITE-DELIVERY). */
const PRECACHED_ENTRIES = ['src/islands/main.ts', 'src/islands/order.tsx'];

/**
 * The scripts public pages can load, from the build's manifest (`outDir/.vite/manifest.json`): the
 * islands' chunks with everything they import, also on demand (the worker's registration, the
 * challenge widget). The app's chunks (account and admin pages) are not precached: a visitor of the
 * public pages should not download the back office. Null when there is no manifest (precache all).
 */
export function documentScripts(outDir: string): Set<string> | null {
  const manifest = readJson(join(outDir, '.vite', 'manifest.json')) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }> | null;
  if (!manifest) return null;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(visit);
  };
  PRECACHED_ENTRIES.forEach(visit);
  return files;
}

/** The vite-plugin-pwa plugins that build `sw.js` (SITE-SW); `buildId` revisions the offline pages. */
export function serviceWorker(buildId: string, outDir = 'dist/client'): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['assets/**/*.{js,css,woff2}', 'favicon.svg'],
      // Hashed names: the URL is the revision.
      dontCacheBustURLsMatching: /^assets\//,
      additionalManifestEntries: OFFLINE_URLS.map((url) => ({ url, revision: buildId })),
      manifestTransforms: [
        async (entries) => {
          const scripts = documentScripts(outDir);
          const wanted = (url: string) => !url.endsWith('.js') || !scripts || scripts.has(url.replace(/^\//, ''));
          return { manifest: entries.filter((entry) => isCurrent(entry.url) && wanted(entry.url)), warnings: [] };
        },
      ],
    },
  });
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** The build found in `outDir` before this one: its id (`_build/latest.json`) and files, or null. */
export interface PreviousBuild {
  id: string | null;
  /** Paths relative to `outDir`: every chunk, stylesheet and asset of its `.vite/manifest.json`, and their source maps. */
  files: string[];
}

/** Reads the previous build in `outDir` (Vite's manifest lists every file, stylesheets and fonts included). */
export function previousBuild(outDir: string): PreviousBuild | null {
  const manifest = readJson(join(outDir, '.vite', 'manifest.json'));
  if (typeof manifest !== 'object' || manifest === null) return null;
  const files = new Set<string>();
  for (const chunk of Object.values(manifest as Record<string, { file?: unknown; css?: unknown; assets?: unknown }>)) {
    for (const file of [chunk.file, ...(Array.isArray(chunk.css) ? chunk.css : []), ...(Array.isArray(chunk.assets) ? chunk.assets : [])]) {
      if (typeof file === 'string') files.add(file).add(`${file}.map`);
    }
  }
  const latest = readJson(join(outDir, '_build', 'latest.json'));
  const id = typeof latest === 'object' && latest !== null && 'id' in latest && typeof latest.id === 'string' && /^[\w-]+$/.test(latest.id) ? latest.id : null;
  return { id, files: [...files] };
}

/**
 * The files of `existing` (paths relative to `dist/client` under `assets/` and `_build/`) to delete:
 * those in neither `keep` set, where `name.br` and `name.gz` go with `name`, and the build
 * descriptors of builds other than `keepIds` (`latest.json` always stays).
 */
export function filesToPrune(existing: readonly string[], keep: ReadonlySet<string>, keepIds: readonly string[]): string[] {
  return existing.filter((file) => {
    if (file.startsWith('_build/')) return file !== '_build/latest.json' && !keepIds.some((id) => file === `_build/${id}.json`);
    return !keep.has(file.replace(/\.(br|gz)$/, ''));
  });
}

function listFiles(outDir: string, folder: string): string[] {
  const dir = join(outDir, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(outDir.length + 1)
        .split('\\')
        .join('/'),
    );
}

/** Keeps the previous build's assets beside this build's in the client output (SITE-BUILD, decision 0037). */
export function keepPreviousBuild(buildId: string): Plugin {
  let outDir = '';
  let ssr = false;
  let previous: PreviousBuild | null = null;
  return {
    name: 'studio-keep-previous-build',
    config: (_config, env) => (env.isSsrBuild ? {} : { build: { emptyOutDir: false } }),
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      if (ssr) return;
      currentFiles.clear();
      previous = previousBuild(outDir);
    },
    // The final bundle (stylesheets are emitted late in generateBundle).
    writeBundle(_options, bundle) {
      if (ssr) return;
      for (const name of Object.keys(bundle)) currentFiles.add(name);
      const keep = new Set([...currentFiles, ...(previous?.files ?? [])]);
      const ids = previous?.id ? [buildId, previous.id] : [buildId];
      for (const file of filesToPrune([...listFiles(outDir, 'assets'), ...listFiles(outDir, '_build')], keep, ids)) rmSync(join(outDir, file), { force: true });
    },
  };
}
