import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesToPrune, previousBuild } from './build';

const dir = mkdtempSync(join(tmpdir(), 'studio-build-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('keeping the previous build (SITE-BUILD, decision 0037)', () => {
  it('reads the previous build from its Vite manifest (stylesheets and fonts too) and its latest.json', () => {
    mkdirSync(join(dir, '.vite'), { recursive: true });
    mkdirSync(join(dir, '_build'), { recursive: true });
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/entry-client.tsx': { file: 'assets/entry-client-A.js', css: ['assets/style-B.css'], assets: ['assets/inter-C.woff2'] },
        'style.css': { file: 'assets/style-B.css' },
      }),
    );
    writeFileSync(join(dir, '_build', 'latest.json'), JSON.stringify({ id: 'old-1', builtAt: '2026-01-01T00:00:00Z' }));
    const previous = previousBuild(dir);
    expect(previous?.id).toBe('old-1');
    expect(previous?.files.sort()).toEqual(
      [
        'assets/entry-client-A.js',
        'assets/entry-client-A.js.map',
        'assets/inter-C.woff2',
        'assets/inter-C.woff2.map',
        'assets/style-B.css',
        'assets/style-B.css.map',
      ].sort(),
    );
    expect(previousBuild(join(dir, 'nothing-here'))).toBeNull();
  });

  it('deletes only what belongs to neither build, compressed copies with their file', () => {
    const existing = [
      'assets/entry-client-NEW.js',
      'assets/entry-client-NEW.js.br',
      'assets/entry-client-OLD.js',
      'assets/entry-client-OLD.js.gz',
      'assets/entry-client-OLDER.js',
      'assets/entry-client-OLDER.js.br',
      '_build/latest.json',
      '_build/new.json',
      '_build/old.json',
      '_build/older.json',
    ];
    const keep = new Set(['assets/entry-client-NEW.js', 'assets/entry-client-OLD.js']);
    expect(filesToPrune(existing, keep, ['new', 'old'])).toEqual(['assets/entry-client-OLDER.js', 'assets/entry-client-OLDER.js.br', '_build/older.json']);
  });
});
