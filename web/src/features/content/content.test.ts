/**
 * Every content file (content/pages/<page>/<locale>.json) has the shape the renderer expects,
 * within the head's length limits, in all three languages with the same blocks — so a page never
 * shows a missing section in one language.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../i18n/locales';
import { CONTENT_PAGES, loadPageContent } from './content';
import type { ContentBlock, PageContent } from './types';

const root = resolve(__dirname, '../../../../content/pages');
const PAGES = ['culture', 'faq', 'how', 'privacy', 'team', 'techs'];
const ILLUSTRATIONS = new Set(['faq', 'how', 'team', 'techs', 'culture', 'privacy']);
const CTA_TARGETS = new Set(['/order', '/products', '/news', '/how', '/team', '/faq', '/privacy']);

const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim().length > 0;

/** The block's structure without its texts: type, id and item counts. */
function shape(block: ContentBlock): unknown {
  switch (block.type) {
    case 'text':
      return [block.type, block.id, block.paragraphs.length, !!block.heading];
    case 'list':
      return [block.type, block.id, block.items.length, !!block.heading];
    case 'steps':
      return [block.type, block.id, block.steps.map((s) => !!s.duration)];
    case 'faq':
      return [block.type, block.id, block.items.map((i) => i.answer.length)];
    case 'cards':
      return [block.type, block.id, block.cards.map((c) => [!!c.subtitle, c.tags?.length ?? 0])];
    case 'table':
      return [block.type, block.id, block.columns.length, block.rows.map((r) => r.length)];
    case 'cta':
      return [block.type, block.id, block.to];
  }
}

/** Every text of a block (all must be non-empty, plain text). */
function texts(block: ContentBlock): unknown[] {
  const { type: _type, id: _id, ...rest } = block as ContentBlock & { to?: string };
  if ('to' in rest) delete rest.to;
  return JSON.stringify(rest).match(/"(?:[^"\\]|\\.)*"/g) ?? [];
}

describe('content files', () => {
  it('exist for every content page in every language, and nothing else', () => {
    expect(CONTENT_PAGES).toEqual(PAGES);
    for (const page of PAGES) expect(readdirSync(join(root, page)).sort()).toEqual(['en.json', 'es.json', 'ru.json']);
  });

  for (const page of PAGES) {
    describe(page, () => {
      const byLocale = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(join(root, page, `${l}.json`), 'utf8')) as PageContent]));

      it.each(LOCALES)('%s has a title, description and lead within the limits, and valid blocks', (locale) => {
        const c = byLocale[locale]!;
        expect(nonEmpty(c.title) && c.title.length <= 60).toBe(true);
        expect(c.description.length).toBeGreaterThanOrEqual(70);
        expect(c.description.length).toBeLessThanOrEqual(160);
        expect(nonEmpty(c.lead)).toBe(true);
        if (c.illustration) {
          expect(ILLUSTRATIONS.has(c.illustration.name)).toBe(true);
          expect(nonEmpty(c.illustration.alt)).toBe(true);
        }
        expect(c.blocks.length).toBeGreaterThan(0);
        for (const block of c.blocks) {
          expect(['text', 'list', 'steps', 'faq', 'cards', 'table', 'cta']).toContain(block.type);
          if (block.type === 'cta') expect(CTA_TARGETS.has(block.to)).toBe(true);
          for (const text of texts(block)) expect(text, `${page}/${locale}: empty or HTML text`).toMatch(/^"(?!\s*")[^<>]*"$/);
        }
      });

      it('has the same blocks in the same order in en, ru and es', () => {
        const en = byLocale['en']!.blocks.map(shape);
        expect(byLocale['ru']!.blocks.map(shape)).toEqual(en);
        expect(byLocale['es']!.blocks.map(shape)).toEqual(en);
      });

      it('is what the loader returns', async () => {
        await expect(loadPageContent(page, 'ru')).resolves.toEqual(byLocale['ru']);
      });
    });
  }

  it('refuses a page without a content file', async () => {
    await expect(loadPageContent('nope', 'en')).rejects.toThrow('No content file content/pages/nope/en.json');
  });
});
