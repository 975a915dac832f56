/**
 * `assetsFromManifest` (api/src/ssr/index.ts): what the head of every page loads, read from
 * Vite's manifest — the entry script, its static imports as modulepreloads, every stylesheet
 * (the single `style.css`, or the CSS of lazily imported route chunks when CSS is split), and the
 * Inter fonts to preload.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assetsFromManifest } from '../src/ssr/assets.js';

const dir = mkdtempSync(join(tmpdir(), 'studio-manifest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function manifestFile(manifest: Record<string, unknown>): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(manifest));
  return file;
}

describe('assetsFromManifest', () => {
  it('reads the entry, its static imports, the single stylesheet and the Inter fonts', () => {
    const assets = assetsFromManifest(
      manifestFile({
        'src/entry-client.tsx': { file: 'assets/entry-1.js', isEntry: true, imports: ['_table.js'], dynamicImports: [] },
        '_table.js': { file: 'assets/table-2.js', imports: ['_react.js'], dynamicImports: ['src/features/products/ProductsPage.tsx'] },
        '_react.js': { file: 'assets/react-3.js' },
        'src/features/products/ProductsPage.tsx': { file: 'assets/ProductsPage-4.js', isDynamicEntry: true, imports: ['_table.js'] },
        'style.css': { file: 'assets/style-5.css', src: 'style.css' },
        '../ui/src/fonts/inter-latin-wght-normal.woff2': { file: 'assets/inter-latin-6.woff2' },
        '../ui/src/fonts/inter-cyrillic-wght-normal.woff2': { file: 'assets/inter-cyrillic-7.woff2' },
        '../ui/src/fonts/inter-latin-ext-wght-normal.woff2': { file: 'assets/inter-latin-ext-8.woff2' },
        '../ui/src/fonts/jetbrains-mono-latin-wght-normal.woff2': { file: 'assets/mono-9.woff2' },
      }),
    );
    expect(assets.scripts).toEqual(['/assets/entry-1.js']);
    expect(assets.preloads).toEqual(['/assets/table-2.js', '/assets/react-3.js']);
    expect(assets.styles).toEqual(['/assets/style-5.css']);
    expect(assets.fonts?.sort()).toEqual(['/assets/inter-cyrillic-7.woff2', '/assets/inter-latin-6.woff2']);
  });

  it('with split CSS, includes the styles of route chunks imported lazily by a static import', () => {
    const assets = assetsFromManifest(
      manifestFile({
        'src/entry-client.tsx': { file: 'assets/entry-1.js', isEntry: true, imports: ['_table.js'], css: ['assets/entry.css'] },
        '_table.js': { file: 'assets/table-2.js', dynamicImports: ['src/features/news/NewsPage.tsx'] },
        'src/features/news/NewsPage.tsx': { file: 'assets/NewsPage-3.js', css: ['assets/NewsPage.css'], imports: ['_card.js'] },
        '_card.js': { file: 'assets/card-4.js', css: ['assets/card.css'] },
      }),
    );
    expect(assets.styles).toEqual(['/assets/entry.css', '/assets/NewsPage.css', '/assets/card.css']);
    expect(assets.preloads).toEqual(['/assets/table-2.js']);
  });

  it('fails clearly when the manifest has no client entry', () => {
    expect(() => assetsFromManifest(manifestFile({}))).toThrow('has no entry src/entry-client.tsx');
  });
});
