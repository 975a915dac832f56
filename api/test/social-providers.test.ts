/**
 * Unit tests of the provider profile mappings (api/src/modules/identity/auth/social/providers.ts) for the providers
 * that cannot run on loopback (GitHub, Yandex, VK answer from their own hosts), of the OIDC claim
 * mapping, and of the social settings in config.ts. The flows themselves run against a real
 * OpenID provider in social.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { githubProfile, oidcProfile, vkProfile, yandexProfile } from '../src/modules/identity/auth/social/profiles.js';
import { createProviders } from '../src/modules/identity/auth/social/providers.js';
import { loadConfig } from '../src/platform/config.js';

describe('provider profiles', () => {
  it('OIDC: e-mail lower-cased, verified only when email_verified is true, phone only when verified', () => {
    expect(
      oidcProfile({ sub: 'abc', email: 'Ann@Example.COM', email_verified: true, name: 'Ann Lee', preferred_username: 'ann', phone_number: '+34600000000' }),
    ).toEqual({
      id: 'abc',
      email: 'ann@example.com',
      emailVerified: true,
      name: 'Ann Lee',
      username: 'ann',
      phone: null,
    });
    expect(oidcProfile({ sub: 'abc', email: 'a@b.c' }).emailVerified).toBe(false);
    expect(oidcProfile({ sub: 'abc', email: 'a@b.c', email_verified: 'false' }).emailVerified).toBe(false);
    expect(oidcProfile({ sub: 'abc', email_verified: true }).emailVerified).toBe(false);
    expect(oidcProfile({ sub: 'x', given_name: 'Ana', family_name: 'Gil', phone_number: '+34600000000', phone_number_verified: true })).toMatchObject({
      name: 'Ana Gil',
      phone: '+34600000000',
    });
  });

  it('GitHub: only the verified primary address counts', () => {
    const user = { id: 42, login: 'octo', name: 'Octo Cat' };
    expect(
      githubProfile(user, [
        { email: 'old@x.io', primary: false, verified: true },
        { email: 'Octo@X.io', primary: true, verified: true },
      ]),
    ).toEqual({
      id: '42',
      email: 'octo@x.io',
      emailVerified: true,
      name: 'Octo Cat',
      username: 'octo',
      phone: null,
    });
    expect(githubProfile(user, [{ email: 'octo@x.io', primary: true, verified: false }])).toMatchObject({ email: null, emailVerified: false });
    expect(githubProfile({ id: 7, login: 'x', name: null }, { message: 'Not Found' })).toMatchObject({ id: '7', email: null, name: null });
  });

  it('Yandex and VK: the address is never taken as verified', () => {
    expect(yandexProfile({ id: '100', login: 'ivan', default_email: 'Ivan@yandex.ru', real_name: 'Иван Петров' })).toEqual({
      id: '100',
      email: 'ivan@yandex.ru',
      emailVerified: false,
      name: 'Иван Петров',
      username: 'ivan',
      phone: null,
    });
    expect(vkProfile({ user_id: 5, email: 'v@vk.com' }, { response: [{ id: 5, first_name: 'Pavel', last_name: 'D', screen_name: 'durov' }] })).toEqual({
      id: '5',
      email: 'v@vk.com',
      emailVerified: false,
      name: 'Pavel D',
      username: 'durov',
      phone: null,
    });
    expect(vkProfile({ user_id: 5 }, null)).toMatchObject({ id: '5', email: null, name: null });
  });
});

describe('social settings', () => {
  const base = { DATA_DIR: '/tmp/studio-config-test', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://studio.example' };

  it('enables exactly the configured providers, in display order, with redirect URIs on the site', () => {
    const config = loadConfig({
      ...base,
      GITHUB_CLIENT_ID: 'g',
      GITHUB_CLIENT_SECRET: 's',
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
      OIDC_NAME: 'Corp ID',
    });
    const providers = createProviders(config);
    expect([...providers.values()].map((p) => [p.id, p.name, p.serviceType, p.accountType])).toEqual([
      ['github', 'GitHub', 'GITHUB', 'OAUTH2'],
      ['oidc', 'Corp ID', 'OIDC', 'OIDC'],
    ]);
    expect(createProviders(loadConfig(base)).size).toBe(0);
  });

  it('GitHub authorization URL carries state, scopes and our redirect URI', async () => {
    const github = createProviders(loadConfig({ ...base, GITHUB_CLIENT_ID: 'g', GITHUB_CLIENT_SECRET: 's' })).get('github')!;
    const url = await github.authorizationUrl({ state: 'st', codeVerifier: 'v', nonce: 'n' });
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('state')).toBe('st');
    expect(url.searchParams.get('redirect_uri')).toBe('https://studio.example/api/auth/github/callback');
    expect(url.searchParams.get('scope')).toBe('read:user user:email');
  });

  it('refuses half-configured providers and callback origins with a path', () => {
    expect(() => loadConfig({ ...base, GOOGLE_CLIENT_ID: 'only-id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'https://id.example' })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, ALLOWED_CALLBACK_ORIGINS: 'https://app.example/loading' })).toThrow(/bare http\(s\) origin/);
    expect(loadConfig({ ...base, ALLOWED_CALLBACK_ORIGINS: ' https://a.example , http://localhost:5173 ' }).social.allowedCallbackOrigins).toEqual([
      'https://a.example',
      'http://localhost:5173',
    ]);
  });
});
