/**
 * The glossary stays true (content/glossary.<locale>.md): no word of a glossary's "avoid" column
 * appears in that language's messages catalogue, as a whole word in any case. So one action keeps
 * one word per language (request, sign in, account, …).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../../');

/** The "avoid" words of a glossary file: the last column of its table, comma-separated. */
export function avoidWords(markdown: string): string[] {
  const rows = markdown.split('\n').filter((line) => line.startsWith('|'));
  const header = rows[0]?.split('|').map((cell) => cell.trim()) ?? [];
  const column = header.indexOf('avoid');
  if (column < 0) throw new Error('the glossary table has no "avoid" column');
  return rows
    .slice(2)
    .flatMap((row) => (row.split('|')[column] ?? '').split(','))
    .map((word) => word.trim())
    .filter(Boolean);
}

/** Whether `text` holds `word` as a whole word (letters and digits of any script delimit it), in any case. */
export function containsWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

describe('glossary', () => {
  it('finds whole words only, in any script and case', () => {
    expect(containsWord('Your order reference', 'order reference')).toBe(true);
    expect(containsWord('Заказать проект', 'заказ')).toBe(false);
    expect(containsWord('Нет заказа', 'заказа')).toBe(true);
    expect(containsWord('Entrar ahora', 'entrar')).toBe(true);
  });

  for (const locale of ['en', 'ru', 'es'] as const) {
    it(`${locale}: no message uses a word the glossary says to avoid`, () => {
      const avoid = avoidWords(readFileSync(join(root, 'content', `glossary.${locale}.md`), 'utf8'));
      expect(avoid.length).toBeGreaterThan(5);
      const messages = JSON.parse(readFileSync(join(root, 'web/src/i18n/messages', `${locale}.json`), 'utf8')) as Record<string, string>;
      const found = Object.entries(messages).flatMap(([key, text]) => avoid.filter((word) => containsWord(text, word)).map((word) => `${key}: “${word}”`));
      expect(found).toEqual([]);
    });
  }
});
