// Social sign-in's pure rules (AUTH-SOCIAL): what /loading was sent back for, which return paths
// are followed, provider names, and that every message id the logic answers exists in en, ru, es.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthApiError } from '../../session/authApi';
import {
  AUTH_PROVIDER_IDS,
  isSocialLinkedState,
  linkErrorMessage,
  providerName,
  readLoadingParams,
  recallSocialProvider,
  rememberSocialProvider,
  safeReturnPath,
  SOCIAL_LINKED_STATE,
  type SocialMessage,
  socialErrorMessage,
} from './social';

const dir = join(__dirname, '../../i18n/messages');
/** A locale's catalogue. */
function catalogue(locale: string): Record<string, string> {
  return JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
}

describe('readLoadingParams', () => {
  it('reads a code, a finished link, an error, or nothing', () => {
    expect(readLoadingParams('?code=abc')).toEqual({ kind: 'exchange', code: 'abc' });
    expect(readLoadingParams('?success=success&state=%2Fru%2Fprofile')).toEqual({ kind: 'linked', returnPath: '/ru/profile' });
    expect(readLoadingParams('?success=success')).toEqual({ kind: 'linked', returnPath: null });
    expect(readLoadingParams('?error=SOCIAL_EMAIL_TAKEN')).toEqual({ kind: 'error', code: 'SOCIAL_EMAIL_TAKEN' });
    expect(readLoadingParams('')).toEqual({ kind: 'error', code: 'SOCIAL_STATE_INVALID' });
    expect(readLoadingParams('?success=yes')).toEqual({ kind: 'error', code: 'SOCIAL_STATE_INVALID' });
  });

  it('lets an error win over a code or a success', () => {
    expect(readLoadingParams('?code=abc&error=SOCIAL_ACCESS_DENIED')).toEqual({ kind: 'error', code: 'SOCIAL_ACCESS_DENIED' });
    expect(readLoadingParams('?success=success&error=SOCIAL_ACCOUNT_CONFLICT').kind).toBe('error');
  });
});

describe('safeReturnPath', () => {
  it('keeps local paths, with query and fragment', () => {
    for (const path of ['/', '/profile', '/ru/profile', '/es/news/42?x=1#top']) expect(safeReturnPath(path)).toBe(path);
  });

  it('refuses anything that could leave the site or is not a path', () => {
    for (const path of [
      null,
      undefined,
      '',
      'profile',
      'https://evil.test/',
      '//evil.test',
      '///evil.test',
      '/\\evil.test',
      '/ru\\..\\x',
      '/\t/evil.test',
      '/\n/evil.test',
      'javascript:alert(1)',
      ' /profile',
      `/${'a'.repeat(2048)}`,
    ]) {
      expect(safeReturnPath(path), String(path)).toBeNull();
    }
  });
});

describe('providerName', () => {
  const en = createIntl({ locale: 'en', messages: catalogue('en'), onError: () => {} });
  const ru = createIntl({ locale: 'ru', messages: catalogue('ru'), onError: () => {} });

  it('maps page-data ids and serviceType values to one name', () => {
    expect(providerName(en, 'google')).toBe('Google');
    expect(providerName(en, 'GOOGLE')).toBe('Google');
    expect(providerName(en, 'github')).toBe('GitHub');
    expect(providerName(en, 'vk')).toBe('VK');
    expect(providerName(en, 'yandex')).toBe('Yandex');
    expect(providerName(ru, 'YANDEX')).toBe('Яндекс');
  });

  it('names the OpenID Connect provider by its configured name, else a default', () => {
    expect(providerName(en, 'oidc')).toBe('OpenID Connect');
    expect(providerName(en, 'OIDC', [{ id: 'oidc', name: 'Company SSO' }])).toBe('Company SSO');
    expect(providerName(en, 'oidc', [{ id: 'oidc', name: '  ' }])).toBe('OpenID Connect');
  });
});

describe('error messages', () => {
  it('name the provider when known, for the codes that need it', () => {
    expect(socialErrorMessage('SOCIAL_EMAIL_TAKEN', 'Google')).toEqual({ id: 'social.error.SOCIAL_EMAIL_TAKEN', values: { provider: 'Google' } });
    expect(socialErrorMessage('SOCIAL_EMAIL_TAKEN', null)).toEqual({ id: 'social.error.SOCIAL_EMAIL_TAKEN.unnamed' });
    expect(socialErrorMessage('SOCIAL_ACCESS_DENIED', 'Google')).toEqual({ id: 'social.error.SOCIAL_ACCESS_DENIED' });
    expect(socialErrorMessage('SOMETHING_NEW', 'Google')).toEqual({ id: 'social.error.UNKNOWN' });
    expect(socialErrorMessage('NETWORK', null)).toEqual({ id: 'error.NETWORK' });
    expect(socialErrorMessage('RATE_LIMITED', null, 90)).toEqual({ id: 'passwords.error.waitMinutes', values: { minutes: 2 } });
  });

  it('for linking: wait on 429, network, else "could not start connecting <service>"', () => {
    expect(linkErrorMessage(new AuthApiError(429, 'RATE_LIMITED', 'x', 20), 'VK')).toEqual({ id: 'passwords.error.waitSeconds', values: { seconds: 20 } });
    expect(linkErrorMessage(new AuthApiError(0, 'NETWORK', 'x'), 'VK')).toEqual({ id: 'error.NETWORK' });
    expect(linkErrorMessage(new AuthApiError(503, 'SOCIAL_PROVIDER_UNAVAILABLE', 'x'), 'VK')).toEqual({ id: 'social.error.SOCIAL_PROVIDER_UNAVAILABLE' });
    expect(linkErrorMessage(new AuthApiError(403, 'SOCIAL_EMAIL_NOT_VERIFIED', 'x'), 'VK')).toEqual({ id: 'social.error.SOCIAL_EMAIL_NOT_VERIFIED' });
    expect(socialErrorMessage('SOCIAL_EMAIL_NOT_VERIFIED', 'VK')).toEqual({ id: 'social.error.SOCIAL_EMAIL_NOT_VERIFIED' });
    expect(linkErrorMessage(new AuthApiError(404, 'PROVIDER_NOT_FOUND', 'x'), 'VK')).toEqual({ id: 'social.connect.error', values: { service: 'VK' } });
    expect(linkErrorMessage(new Error('boom'), 'VK')).toEqual({ id: 'social.connect.error', values: { service: 'VK' } });
  });

  it('exist in en, ru and es and format with their values', () => {
    const codes = [
      'SOCIAL_STATE_INVALID',
      'SOCIAL_ACCESS_DENIED',
      'SOCIAL_PROVIDER_ERROR',
      'SOCIAL_PROVIDER_UNAVAILABLE',
      'SOCIAL_ACCOUNT_CONFLICT',
      'SOCIAL_EMAIL_TAKEN',
      'SOCIAL_EMAIL_MISSING',
      'SOCIAL_EMAIL_NOT_VERIFIED',
      'SOCIAL_CODE_INVALID',
      'NETWORK',
      'RATE_LIMITED',
      'OTHER',
    ];
    const answered: SocialMessage[] = [
      ...codes.flatMap((code) => [socialErrorMessage(code, 'Google', 30), socialErrorMessage(code, null)]),
      linkErrorMessage(new Error('x'), 'Google'),
      linkErrorMessage(new AuthApiError(429, 'RATE_LIMITED', 'x', null), 'Google'),
    ];
    for (const locale of ['en', 'ru', 'es']) {
      const messages = catalogue(locale);
      const intl = createIntl({
        locale,
        messages,
        onError: (error) => {
          throw error;
        },
      });
      for (const message of answered) {
        expect(messages, locale).toHaveProperty([message.id]);
        expect(intl.formatMessage({ id: message.id }, message.values)).not.toMatch(/[{}]/);
      }
    }
  });
});

describe('the provider of the round trip', () => {
  afterEach(() => sessionStorage.clear());

  it('is remembered in this tab, and only known ids come back', () => {
    expect(recallSocialProvider()).toBeNull();
    rememberSocialProvider('github');
    expect(recallSocialProvider()).toBe('github');
    sessionStorage.setItem('studio.socialProvider', 'evil');
    expect(recallSocialProvider()).toBeNull();
    expect(AUTH_PROVIDER_IDS).toEqual(['google', 'github', 'yandex', 'vk', 'oidc']);
  });
});

describe('the linked state', () => {
  it('is recognised only as itself', () => {
    expect(isSocialLinkedState(SOCIAL_LINKED_STATE)).toBe(true);
    expect(isSocialLinkedState(null)).toBe(false);
    expect(isSocialLinkedState({ socialLinked: 'yes' })).toBe(false);
  });
});
