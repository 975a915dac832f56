import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGES } from '@studio/site/pages';

// Every key exists in all three catalogues (SITE-CONTENT), and every id the code uses exists.
const dir = join(__dirname, 'messages');
const catalogues = Object.fromEntries(['en', 'ru', 'es'].map((l) => [l, JSON.parse(readFileSync(join(dir, `${l}.json`), 'utf8')) as Record<string, string>]));

function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === '__generated__' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('message catalogues', () => {
  it('have the same keys in en, ru and es', () => {
    const en = Object.keys(catalogues.en!).sort();
    expect(Object.keys(catalogues.ru!).sort()).toEqual(en);
    expect(Object.keys(catalogues.es!).sort()).toEqual(en);
  });

  it('have a title and a description for every page', () => {
    for (const id of [...PAGES.map((p) => p.id), 'notFound', 'error']) {
      expect(catalogues.en).toHaveProperty(`page.${id}.title`);
      expect(catalogues.en).toHaveProperty(`page.${id}.description`);
    }
  });

  it('contain every literal message id used in the code', () => {
    const used = new Set<string>();
    for (const file of sources(join(__dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:<FormattedMessage\s+id=\{?|formatMessage\(\{\s*id:\s*)['"]([a-zA-Z0-9_.]+)['"]/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((id) => !(id in catalogues.en!));
    expect(missing).toEqual([]);
  });

  it('contain every message id of the shared field rules (@studio/site/fields)', () => {
    const rules = readFileSync(join(__dirname, '../../../site/src/fields.ts'), 'utf8');
    const ids = [...rules.matchAll(/'([a-z]+(?:\.[A-Za-z]+)+)'/g)].map((m) => m[1]!).filter((id) => !id.endsWith('.js'));
    expect(ids.length).toBeGreaterThan(30);
    for (const [locale, messages] of Object.entries(catalogues))
      expect(
        ids.filter((id) => !(id in messages!)),
        locale,
      ).toEqual([]);
  });

  it('keep the exact English texts the specification fixes', () => {
    expect(catalogues.en!['notFound.message']).toBe('Page not found: {path}');
    expect(catalogues.en!['error.title']).toBe('Internal Server Error');
  });
});
