// The browser's password rules (ACC-PASSWORD, OWASP ASVS 5.0 §6.2): lengths in code points, the
// common-password list loaded through the same lazy import the forms use, and the messages.
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  checkConfirmation,
  checkNewPassword,
  checkNewPasswordNow,
  commonPasswordsIfLoaded,
  loadCommonPasswords,
} from './passwordRules';

describe('password rules', () => {
  it('match the server: 8 to 128 characters', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(128);
  });

  it('ask for a password when none is given', async () => {
    expect(await checkNewPassword('')).toEqual({ id: 'validation.required' });
  });

  it('refuse passwords shorter than 8 characters', async () => {
    expect(await checkNewPassword('k7#Qm2x')).toEqual({ id: 'validation.passwordTooShort', values: { min: 8 } });
    // Four emoji are eight UTF-16 units but four characters.
    expect(await checkNewPassword('🐱🐶🦊🐻')).toEqual({ id: 'validation.passwordTooShort', values: { min: 8 } });
    expect(await checkNewPassword('k7#Qm2xZ')).toBeNull();
  });

  it('refuse passwords longer than 128 characters, counting code points', async () => {
    expect(await checkNewPassword('a'.repeat(128) + 'b')).toEqual({ id: 'passwords.error.tooLong', values: { max: 128 } });
    expect(await checkNewPassword('x'.repeat(128))).toBeNull();
    // 128 emoji are 256 UTF-16 units: still 128 characters, so accepted; one more is too long.
    const emoji = '🔑'.repeat(128);
    expect(emoji.length).toBe(256);
    expect(await checkNewPassword(emoji)).toBeNull();
    expect(await checkNewPassword(`${emoji}🔑`)).toEqual({ id: 'passwords.error.tooLong', values: { max: 128 } });
  });

  it('refuse common passwords from the list, whatever their case', async () => {
    expect(await checkNewPassword('password123')).toEqual({ id: 'passwords.error.common' });
    expect(await checkNewPassword('PassWord123')).toEqual({ id: 'passwords.error.common' });
    expect(await checkNewPassword('12345678')).toEqual({ id: 'passwords.error.common' });
    expect(await checkNewPassword('qwerty123')).toEqual({ id: 'passwords.error.common' });
  });

  it('accept a passphrase', async () => {
    expect(await checkNewPassword('correct horse battery staple')).toBeNull();
    expect(await checkNewPassword('кот учёный ходит по цепи')).toBeNull();
  });

  it('load the list once, lazily, as a set of lower-case passwords', async () => {
    const list = await loadCommonPasswords();
    expect(await loadCommonPasswords()).toBe(list);
    expect(commonPasswordsIfLoaded()).toBe(list);
    expect(list.size).toBeGreaterThan(17000);
    expect(list.has('password')).toBe(true);
    // Once loaded, the synchronous check uses it too.
    expect(checkNewPasswordNow('iloveyou')).toEqual({ id: 'passwords.error.common' });
  });

  it('check the repeated password', () => {
    expect(checkConfirmation('correct horse', '')).toEqual({ id: 'validation.required' });
    expect(checkConfirmation('correct horse', 'correct hose')).toEqual({ id: 'passwords.error.mismatch' });
    expect(checkConfirmation('correct horse', 'correct horse')).toBeNull();
  });
});
