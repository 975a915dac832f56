import { describe, expect, it } from 'vitest';
import { fieldProblem } from '../src/problems.js';
import { newPasswordField } from '../src/fields.js';
import { contextProblem, contextWords, passwordProblem } from '../src/passwords.js';

const alice = { email: 'alice.smith@example.com', username: 'asmith', siteName: 'Studio' };

describe('context words (ACC-PASSWORD)', () => {
  it('lists the e-mail, its local part, the username and the site name, lower-cased, longest first, skipping short ones', () => {
    expect(contextWords(alice)).toEqual(['alice.smith@example.com', 'alice.smith', 'asmith', 'studio']);
    expect(contextWords({ email: 'al@x.io', username: null, siteName: '' })).toEqual(['al@x.io']);
  });

  it.each([
    ['alice.smith@example.com', 'the whole address'],
    ['ALICE.SMITH@EXAMPLE.COM', 'the address in capitals'],
    ['alice.smith', 'the local part'],
    ['Alice.Smith2024!', 'the local part and a few characters'],
    ['asmith12', 'the username and two digits'],
    ['studio123', 'the site name and digits'],
    ['StudioStudio', 'the site name twice'],
    ['asmith-studio', 'two context words'],
  ])('refuses %s (%s)', (password) => {
    expect(contextProblem(password, alice)).toBe(true);
    expect(passwordProblem(password, null, alice)).toBe('context');
  });

  it.each([
    ['correct horse battery staple', 'no context word'],
    ['studio of a very quiet horse', 'a context word in a long passphrase'],
    ['asmith likes green tea', 'the username with enough else'],
  ])('accepts %s (%s)', (password) => {
    expect(contextProblem(password, alice)).toBe(false);
    expect(passwordProblem(password, null, alice)).toBeNull();
  });

  it('checks context only when given, and after the length and common-list rules', () => {
    expect(passwordProblem('studio123', null)).toBeNull();
    expect(passwordProblem('studio1', null, alice)).toBe('tooShort');
    expect(passwordProblem('studio123', new Set(['studio123']), alice)).toBe('common');
  });

  it('reports passwords.error.context from the shared field', () => {
    expect(
      fieldProblem(
        newPasswordField(undefined, () => alice),
        'asmith2024',
      ),
    ).toEqual({ id: 'passwords.error.context' });
    expect(
      fieldProblem(
        newPasswordField(undefined, () => alice),
        'a long enough passphrase',
      ),
    ).toBeNull();
  });
});
