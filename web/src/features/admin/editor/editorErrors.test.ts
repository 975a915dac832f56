/**
 * How the admin texts editors read a refused change (ADMIN-CONCURRENCY, ADMIN-AREA): a conflict, a
 * missing language named by locale, a field error by the index of the texts sent or by locale, and
 * anything else above the form; plus the paragraph and list splitting of the textareas.
 */
import { describe, expect, it } from 'vitest';
import { readEditorFailure } from './editorErrors';
import { EDITOR_LOCALES, checkItems, localesWithProblems, splitLines, splitParagraphs } from './texts';

const NAMES = { title: 'title', body: 'body', productSlug: 'product' };
const error = (code: string, field?: string) => [{ message: 'x', extensions: { code, ...(field ? { field } : {}) } }];

describe('readEditorFailure', () => {
  it('reads VERSION_CONFLICT as a conflict', () => {
    expect(readEditorFailure(error('VERSION_CONFLICT', 'version'), EDITOR_LOCALES, NAMES)).toEqual({ kind: 'conflict' });
  });

  it('names the missing language of TRANSLATION_MISSING', () => {
    expect(readEditorFailure(error('TRANSLATION_MISSING', 'texts.es'), EDITOR_LOCALES, NAMES)).toEqual({ kind: 'missingLanguage', locale: 'es' });
  });

  it('places BAD_USER_INPUT at the field of the language sent at that index', () => {
    expect(readEditorFailure(error('BAD_USER_INPUT', 'texts.1.title'), EDITOR_LOCALES, NAMES)).toEqual({
      kind: 'fields',
      fields: { 'ru.title': { id: 'admin.editor.error.invalid' } },
    });
    expect(readEditorFailure(error('BAD_USER_INPUT', 'texts.2.body.0'), EDITOR_LOCALES, NAMES)).toEqual({
      kind: 'fields',
      fields: { 'es.body': { id: 'admin.editor.error.invalid' } },
    });
    expect(readEditorFailure(error('BAD_USER_INPUT', 'productSlug'), EDITOR_LOCALES, NAMES)).toEqual({
      kind: 'fields',
      fields: { product: { id: 'admin.editor.error.invalid' } },
    });
  });

  it('shows anything else above the form', () => {
    expect(readEditorFailure(error('FORBIDDEN'), EDITOR_LOCALES, NAMES)).toEqual({ kind: 'form', problem: { id: 'admin.editor.error.forbidden' } });
    expect(readEditorFailure(error('NETWORK'), EDITOR_LOCALES, NAMES)).toEqual({ kind: 'form', problem: { id: 'error.NETWORK' } });
    expect(readEditorFailure([{ message: 'boom' }], EDITOR_LOCALES, NAMES)).toEqual({ kind: 'form', problem: { id: 'admin.editor.error.save' } });
  });
});

describe('editor texts', () => {
  it('splits paragraphs at blank lines and lists at line ends, dropping empty ones', () => {
    expect(splitParagraphs('  One.\nstill one.\n\n\n Two. \r\n  \r\nThree.\n')).toEqual(['One.\nstill one.', 'Two.', 'Three.']);
    expect(splitLines('Fast\n\n  Accurate  \n')).toEqual(['Fast', 'Accurate']);
  });

  it('checks the count and length of list items', () => {
    expect(checkItems([], { min: 1, maxItems: 3, maxLength: 5 })).toEqual({ id: 'validation.required' });
    expect(checkItems(['a', 'b', 'c', 'd'], { min: 1, maxItems: 3, maxLength: 5 })).toEqual({ id: 'admin.editor.error.tooMany', values: { max: 3 } });
    expect(checkItems(['abcdef'], { min: 1, maxItems: 3, maxLength: 5 })).toEqual({ id: 'admin.editor.error.itemTooLong', values: { max: 5 } });
    expect(checkItems([], { min: 0, maxItems: 3, maxLength: 5 })).toBeNull();
  });

  it('names the languages with problems in column order', () => {
    expect(localesWithProblems({ 'es.title': { id: 'x' }, 'ru.body': { id: 'x' }, product: { id: 'x' } })).toEqual(['ru', 'es']);
  });
});
