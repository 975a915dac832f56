/**
 * Every message id the profile's logic computes exists in English, Russian and Spanish. The literal
 * ids in components are checked by i18n/messages.test.ts; these are built at run time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { genericProblem } from '../../forms/serverErrors';
import { FIELD_CHECKS, type FieldProblem, type InlineField, confirmationProblem, inlineFieldProblem } from './fieldRules';
import { UploadError, avatarFileProblem, uploadErrorMessageId } from './uploadAvatar';

const dir = join(__dirname, '../../i18n/messages');
function catalogue(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
}

/** Every id the pure logic answers for a spread of inputs. */
function answeredIds(): Set<string> {
  const ids = new Set<string>();
  const add = (problem: FieldProblem | string | null) => problem && ids.add(typeof problem === 'string' ? problem : problem.id);
  const samples = [
    '',
    ' ',
    'a',
    'ab',
    '@ab',
    '.anna',
    '_anna',
    '1anna',
    'anna lee',
    'анна',
    'a'.repeat(40),
    'x'.repeat(1001),
    '12345',
    '+14155550123',
    'anna_lee',
  ];
  for (const field of Object.keys(FIELD_CHECKS) as InlineField[]) {
    for (const sample of samples) {
      const result = FIELD_CHECKS[field](sample);
      if (!result.ok) add(result.problem);
      add(inlineFieldProblem(field, [{ extensions: { code: 'BAD_USER_INPUT', field } }], sample));
    }
    add(inlineFieldProblem(field, [{ extensions: { code: 'USERNAME_TAKEN', field } }], 'x'));
  }
  add(genericProblem([{ extensions: { code: 'INTERNAL_SERVER_ERROR' } }]));
  add(confirmationProblem('', { passwordIsSet: true }));
  add(confirmationProblem('x@y.z', { passwordIsSet: false }));
  for (const file of [
    { type: 'text/plain', size: 1 },
    { type: 'image/png', size: 6 * 1024 * 1024 },
  ])
    add(avatarFileProblem(file));
  for (const [status, code] of [
    [413, ''],
    [415, ''],
    [400, 'FILE_REQUIRED'],
    [401, ''],
    [429, ''],
    [0, 'NETWORK'],
    [500, ''],
  ] as const) {
    add(uploadErrorMessageId(new UploadError(status, code)));
  }
  return ids;
}

describe('profile messages', () => {
  it('exist in every language for every id the logic answers', () => {
    const ids = [...answeredIds()];
    expect(ids.length).toBeGreaterThan(15);
    for (const locale of ['en', 'ru', 'es']) {
      const messages = catalogue(locale);
      expect(
        ids.filter((id) => !(id in messages)),
        locale,
      ).toEqual([]);
    }
  });
});
