/**
 * Reading the glossaries (content/glossary.<locale>.md): the words of the "avoid" column and a
 * whole-word match, so the web's messages and the api's mail catalogues are checked the same way
 * (one action keeps one word per language).
 */

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

/** The `key: “word”` of every message in `messages` that holds a word of `avoid` (empty when the catalogue keeps the glossary). */
export function avoidedWordsIn(messages: Record<string, string>, avoid: readonly string[]): string[] {
  return Object.entries(messages).flatMap(([key, text]) => avoid.filter((word) => containsWord(text, word)).map((word) => `${key}: “${word}”`));
}
