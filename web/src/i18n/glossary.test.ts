/**
 * The glossary stays true (content/glossary.<locale>.md): no word of a glossary's "avoid" column
 * appears in that language's messages catalogue, as a whole word in any case. So one action keeps
 * one word per language (request, sign in, account, …). The reading of the glossary is
 * `@studio/site/glossary`, shared with the api's mail catalogue test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { avoidWords, avoidedWordsIn, containsWord } from '@studio/site/glossary';

const root = join(__dirname, '../../../');

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
      expect(avoidedWordsIn(messages, avoid)).toEqual([]);
    });
  }
});
