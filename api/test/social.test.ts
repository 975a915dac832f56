/**
 * Social sign-in (AUTH-SOCIAL) over real HTTP on SQLite and PostgreSQL, against a real OpenID
 * provider (oidc-provider, @studio/test-oidc-provider in testing/oidc-provider) on loopback:
 * sign-up, sign-in again, linking, conflicts, never linking by e-mail, the one-time code, and the
 * attacks — missing, altered, replayed and expired state, a callback arriving in another browser
 * than the one that started (OAuth CSRF), a wrong PKCE verifier, a nonce mismatch, and a table of
 * open-redirect attempts on callbackUrl. The site's public origin is `http://studio.test`
 * (PUBLIC_URL): the provider redirects there, and the test replays that URL against the server.
 */
import { randomPKCECodeVerifier } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/platform/security/secretBox.js';
import { describeEachDb, ok, startServer, type TestServer, uniqueDevice } from './harness.js';
import { type TestOpenIdProvider, claimsFor, completeAtProvider, startTestOpenIdProvider } from '@studio/test-oidc-provider';

const SITE = 'http://studio.test';
const OTHER_APP = 'http://app.allowed.test';
const VIEWER =
  '{ viewer { id email username fullName isVerified passwordIsSet accounts { id serviceType serviceAccountType serviceUserId serviceEmail serviceUsername serviceTokenExpiredAt created } } }';
let run = 0;
/** A login name unique to this run (the provider derives the account from it). */
const login = (label: string) => `${label}-${process.pid}-${++run}`;

interface Redirect {
  status: number;
  location: string | null;
  json: any;
}

describeEachDb('social sign-in on %s', (kind) => {
  let provider: TestOpenIdProvider;
  let server: TestServer;

  beforeAll(async () => {
    provider = await startTestOpenIdProvider({ redirectUris: [`${SITE}/api/auth/oidc/callback`] });
    server = await startServer(kind, {
      PUBLIC_URL: SITE,
      MAIL_TRANSPORT: 'memory',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Test ID',
      ALLOWED_CALLBACK_ORIGINS: OTHER_APP,
    });
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  /** GET without following redirects; `cookie` is the `name=value` of a cookie the answer set. */
  async function visit(pathOrUrl: string, headers: Record<string, string> = {}): Promise<Redirect & { cookie: string | null; setCookie: string | null }> {
    const url = new URL(pathOrUrl, server.baseUrl);
    const response = await fetch(`${server.baseUrl}${url.pathname}${url.search}`, { redirect: 'manual', headers });
    const text = await response.text();
    const setCookie = response.headers.get('set-cookie');
    return {
      status: response.status,
      location: response.headers.get('location'),
      json: text.startsWith('{') ? JSON.parse(text) : undefined,
      setCookie,
      cookie: setCookie ? setCookie.split(';')[0]! : null,
    };
  }

  /** The browser-binding cookie each started flow's browser holds, by the flow's state. */
  const browsers = new Map<string, string>();
  function rememberBrowser(providerUrl: string, cookie: string | null) {
    expect(cookie).toMatch(/^studio\.social=[\w-]{43}$/);
    browsers.set(new URL(providerUrl).searchParams.get('state')!, cookie!);
  }

  /** Asks for a link URL as `member` (bearer), remembering the browser cookie; answers the provider URL. */
  async function linkUrl(accessToken: string, query: string): Promise<string> {
    const answer = await visit(`/api/auth/oidc/get-login-url?${query}`, { authorization: `Bearer ${accessToken}` });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    rememberBrowser(answer.json.data, answer.cookie);
    return answer.json.data;
  }

  function startQuery(device: string, callbackUrl = `${SITE}/loading`, state = '/profile') {
    return new URLSearchParams({ callbackUrl, deviceToken: device, state }).toString();
  }

  /** Starts a sign-in and answers the provider's authorization URL. */
  async function startLogin(device: string, callbackUrl?: string): Promise<URL> {
    const started = await visit(`/api/auth/oidc/login?${startQuery(device, callbackUrl)}`);
    expect(started.status, JSON.stringify(started.json)).toBe(302);
    rememberBrowser(started.location!, started.cookie);
    return new URL(started.location!);
  }

  /**
   * The provider's redirect back, replayed against the server by the browser that started the
   * flow (its binding cookie), or by another one (`cookie`, '' for none): where the browser is sent.
   */
  async function callback(back: URL, cookie?: string): Promise<URL> {
    expect(back.origin + back.pathname).toBe(`${SITE}/api/auth/oidc/callback`);
    const jar = cookie ?? browsers.get(back.searchParams.get('state') ?? '') ?? '';
    const answer = await visit(back.pathname + back.search, jar ? { cookie: jar } : {});
    expect(answer.status).toBe(302);
    // No token in the address: neither a named one nor a JWT (three base64url parts, the first `eyJ…`); a random one-time code may contain "eyJ" by chance.
    expect(answer.location).not.toMatch(/accessToken|refreshToken|eyJ[\w-]*\.[\w-]*\./);
    return new URL(answer.location!);
  }

  /** A whole social sign-in as `name` on `device`: answers the browser's landing URL at /loading. */
  async function socialSignIn(name: string, device: string): Promise<URL> {
    return callback(await completeAtProvider((await startLogin(device)).href, name));
  }

  async function exchange(code: string, deviceToken: string) {
    return server.post('/api/auth/social/exchange', { code, deviceToken });
  }

  async function signedIn(name: string) {
    const device = uniqueDevice('social');
    const landing = await socialSignIn(name, device);
    const code = landing.searchParams.get('code');
    expect(code, landing.href).toBeTruthy();
    const credentials = await exchange(code!, device);
    expect(credentials.status, credentials.text).toBe(200);
    // The refresh token also arrives as the HttpOnly cookie (SESSION-COOKIES, decision 0026).
    expect(credentials.headers.getSetCookie().find((c) => c.startsWith('__Host-studio.refresh='))).toMatch(/HttpOnly/i);
    return { ...credentials.json, device, landing } as { accessToken: string; refreshToken: string; returnPath: string; device: string; landing: URL };
  }

  /** A password account whose address is verified (ACC-LINKED: only such accounts may link a provider). */
  async function verifiedMember() {
    const member = await server.register();
    await server.app.database.db.updateTable('users').set({ isVerified: 1 }).where('email', '=', member.email).execute();
    return member;
  }

  const viewer = async (token: string) => ok(await server.graphql(VIEWER, undefined, token)).viewer;
  const userCount = async () =>
    Number(
      (
        await server.app.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers the web client (cookie mode) without the refresh token in the body: only the HttpOnly cookie has it', async () => {
    const device = uniqueDevice('social');
    const code = (await socialSignIn('cookiemode', device)).searchParams.get('code');
    const answer = await server.post('/api/auth/social/exchange', { code, deviceToken: device }, { 'x-session-transport': 'cookie' });
    expect(answer.status, answer.text).toBe(200);
    expect(Object.keys(answer.json).sort()).toEqual(['accessToken', 'returnPath']);
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('__Host-studio.refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    const token = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
    const refreshed = await server.post('/api/auth/refresh', {}, { cookie: `__Host-studio.refresh=${token}` });
    expect(refreshed.status, refreshed.text).toBe(200);
  });

  it('redirects to the provider with state, nonce and a PKCE S256 challenge, keeping them server-side', async () => {
    const url = await startLogin(uniqueDevice());
    expect(url.origin).toBe(provider.issuer);
    const p = url.searchParams;
    expect(p.get('client_id')).toBe(provider.clientId);
    expect(p.get('redirect_uri')).toBe(`${SITE}/api/auth/oidc/callback`);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(p.get('state')).toMatch(/^[\w-]{43}$/);
    expect(p.get('nonce')).toMatch(/^[\w-]{43}$/);
    const rows = await server.app.database.db.selectFrom('socialStates').selectAll().execute();
    const row = rows.find((r) => r.nonce === p.get('nonce'));
    expect(row).toBeDefined();
    // Keyed by a hash of the state, the verifier encrypted: neither is in the row as sent.
    expect(row!.id).not.toBe(p.get('state'));
    expect(row!.codeVerifier.split('.')).toHaveLength(5);
    expect(row!.callbackUrl).toBe(`${SITE}/loading`);
    expect(row!.returnPath).toBe('/profile');
    expect(Date.parse(row!.expiresAt) - Date.parse(row!.created)).toBe(10 * 60 * 1000);
  });

  it('signs up a new user from the provider profile, then signs the same user in again', async () => {
    const name = login('newcomer');
    const before = await userCount();
    const first = await signedIn(name);
    expect(first.landing.origin + first.landing.pathname).toBe(`${SITE}/loading`);
    expect(first.returnPath).toBe('/profile');
    const me = await viewer(first.accessToken);
    const claims = claimsFor(name);
    expect(me).toMatchObject({ email: claims.email, fullName: claims.name, isVerified: true, passwordIsSet: false });
    expect(me.username).toMatch(/^newcomer-\d+-\d+\d*$/);
    expect(me.accounts).toHaveLength(1);
    expect(me.accounts[0]).toMatchObject({
      serviceType: 'OIDC',
      serviceAccountType: 'OIDC',
      serviceUserId: claims.sub,
      serviceEmail: claims.email,
      serviceUsername: name,
    });
    expect(Date.parse(me.accounts[0].serviceTokenExpiredAt)).toBeGreaterThan(Date.now());
    expect(await userCount()).toBe(before + 1);

    const again = await signedIn(name);
    expect((await viewer(again.accessToken)).id).toBe(me.id);
    expect(await userCount()).toBe(before + 1);
  });

  it('keeps provider tokens encrypted at rest', async () => {
    const name = login('vault');
    const { accessToken } = await signedIn(name);
    const me = await viewer(accessToken);
    const rows = await server.app.database.db.selectFrom('serviceAccounts').selectAll().where('serviceUserId', '=', claimsFor(name).sub).execute();
    expect(rows).toHaveLength(1);
    const sealed = rows[0]!.serviceAccessToken!;
    expect(sealed.split('.')).toHaveLength(5);
    const plain = await new SecretBox(server.config.jwtSecret, 'social').open(sealed);
    expect(plain.length).toBeGreaterThan(10);
    expect(sealed).not.toContain(plain);
    expect(me.accounts[0].id).toBeTruthy();
  });

  it('marks the user verified only when the provider says the e-mail is verified', async () => {
    const { accessToken } = await signedIn(login('maybe') + '.unverified');
    expect(await viewer(accessToken)).toMatchObject({ isVerified: false, passwordIsSet: false });
  });

  it('refuses a sign-up without an e-mail address, creating nothing', async () => {
    const before = await userCount();
    const landing = await socialSignIn(login('anon') + '.noemail', uniqueDevice());
    expect(landing.href).toBe(`${SITE}/loading?error=SOCIAL_EMAIL_MISSING`);
    expect(await userCount()).toBe(before);
  });

  it('never links by e-mail: a sign-up whose address has an account is refused and that account is untouched', async () => {
    const name = login('owner');
    const owner = await server.register({ email: claimsFor(name).email! });
    const landing = await socialSignIn(name, uniqueDevice());
    expect(landing.searchParams.get('error')).toBe('SOCIAL_EMAIL_TAKEN');
    expect(landing.searchParams.get('code')).toBeNull();
    expect((await viewer(owner.accessToken)).accounts).toEqual([]);
  });

  it('one-time code: single use, bound to the device, expires', async () => {
    const device = uniqueDevice();
    const code = (await socialSignIn(login('coded'), device)).searchParams.get('code')!;
    const otherDevice = await exchange(code, uniqueDevice('thief'));
    expect(otherDevice.status).toBe(400);
    expect(otherDevice.json.error.code).toBe('SOCIAL_CODE_INVALID');
    // The failed attempt burned it: the right device cannot use it either.
    expect((await exchange(code, device)).json.error.code).toBe('SOCIAL_CODE_INVALID');

    const device2 = uniqueDevice();
    const code2 = (await socialSignIn(login('coded'), device2)).searchParams.get('code')!;
    expect((await exchange(code2, device2)).status).toBe(200);
    expect((await exchange(code2, device2)).json.error.code).toBe('SOCIAL_CODE_INVALID');

    const device3 = uniqueDevice();
    const code3 = (await socialSignIn(login('late'), device3)).searchParams.get('code')!;
    await server.app.database.db
      .updateTable('socialLoginCodes')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await exchange(code3, device3)).json.error.code).toBe('SOCIAL_CODE_INVALID');

    for (const body of [{}, { code: '', deviceToken: device }, { code: 'x'.repeat(201), deviceToken: device }]) {
      const bad = await server.post('/api/auth/social/exchange', body);
      expect(bad.status, bad.text).toBe(400);
      expect(bad.json.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('links the provider to a signed-in password account, which can then sign in with it', async () => {
    const member = await verifiedMember();
    const query = startQuery(member.deviceToken, `${SITE}/ru/loading`, '/ru/profile');
    const anonymous = await visit(`/api/auth/oidc/get-login-url?${query}`);
    expect(anonymous.status).toBe(401);
    const providerUrl = await linkUrl(member.accessToken, query);
    expect(new URL(providerUrl).origin).toBe(provider.issuer);
    const name = login('linker');
    const landing = await callback(await completeAtProvider(providerUrl, name));
    expect(landing.href).toBe(`${SITE}/ru/loading?success=success&state=%2Fru%2Fprofile`);
    const me = await viewer(member.accessToken);
    expect(me.accounts).toHaveLength(1);
    expect(me.accounts[0]).toMatchObject({ serviceType: 'OIDC', serviceUserId: claimsFor(name).sub });
    expect(me.passwordIsSet).toBe(true);

    const social = await signedIn(name);
    expect((await viewer(social.accessToken)).id).toBe(me.id);
  });

  it('refuses to link a provider account that belongs to another user', async () => {
    const name = login('taken');
    const first = await signedIn(name);
    const other = await verifiedMember();
    const landing = await callback(await completeAtProvider(await linkUrl(other.accessToken, startQuery(other.deviceToken)), name));
    expect(landing.href).toBe(`${SITE}/loading?error=SOCIAL_ACCOUNT_CONFLICT`);
    expect((await viewer(other.accessToken)).accounts).toEqual([]);
    expect((await viewer(first.accessToken)).accounts).toHaveLength(1);
  });

  it('unlinks, refusing the last way to sign in until a password is set', async () => {
    const { accessToken } = await signedIn(login('leaver'));
    const me = await viewer(accessToken);
    const DELETE = 'mutation ($id: String!) { deleteAccount(accountId: $id) { id } }';
    const refused = await server.graphql(DELETE, { id: me.accounts[0].id }, accessToken);
    expect(refused.errors?.[0]?.extensions?.['code'], refused.text).toBe('LAST_SIGN_IN_METHOD');
    ok(await server.graphql('mutation ($p: String!) { updatePassword(newPassword: $p) { id } }', { p: 'a fresh long passphrase' }, accessToken));
    expect((await viewer(accessToken)).passwordIsSet).toBe(true);
    ok(await server.graphql(DELETE, { id: me.accounts[0].id }, accessToken));
    expect((await viewer(accessToken)).accounts).toEqual([]);
  });

  it('sends a cancelled sign-in back with SOCIAL_ACCESS_DENIED', async () => {
    const landing = await callback(await completeAtProvider((await startLogin(uniqueDevice())).href, login('shy'), { deny: true }));
    expect(landing.href).toBe(`${SITE}/loading?error=SOCIAL_ACCESS_DENIED`);
  });

  describe('state', () => {
    const invalid = `${SITE}/loading?error=SOCIAL_STATE_INVALID`;

    it('refuses a callback without state', async () => {
      const back = await completeAtProvider((await startLogin(uniqueDevice())).href, login('nostate'));
      back.searchParams.delete('state');
      expect((await callback(back)).href).toBe(invalid);
    });

    it('refuses an altered state, and the genuine one still works once', async () => {
      const before = await userCount();
      const back = await completeAtProvider((await startLogin(uniqueDevice())).href, login('altered'));
      const altered = new URL(back);
      const state = altered.searchParams.get('state')!;
      altered.searchParams.set('state', (state[0] === 'A' ? 'B' : 'A') + state.slice(1));
      expect((await callback(altered)).href).toBe(invalid);
      expect(await userCount()).toBe(before);
      expect((await callback(back)).searchParams.get('code')).toBeTruthy();
    });

    it('refuses a replayed callback', async () => {
      const back = await completeAtProvider((await startLogin(uniqueDevice())).href, login('replay'));
      expect((await callback(back)).searchParams.get('code')).toBeTruthy();
      expect((await callback(back)).href).toBe(invalid);
    });

    it('refuses an expired state (older than 10 minutes)', async () => {
      const before = await userCount();
      const authUrl = await startLogin(uniqueDevice());
      const back = await completeAtProvider(authUrl.href, login('slow'));
      await server.app.database.db
        .updateTable('socialStates')
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .where('nonce', '=', authUrl.searchParams.get('nonce')!)
        .execute();
      expect((await callback(back)).href).toBe(invalid);
      expect(await userCount()).toBe(before);
    });

    it('sets the browser-binding cookie HttpOnly, SameSite=Lax, on /api/auth only, for 10 minutes', async () => {
      const started = await visit(`/api/auth/oidc/login?${startQuery(uniqueDevice())}`);
      const attributes = started.setCookie!.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['path=/api/auth', 'httponly', 'samesite=lax', 'max-age=600']));
      // A browser that has one keeps it, so flows in parallel tabs do not undo each other.
      const again = await visit(`/api/auth/oidc/login?${startQuery(uniqueDevice())}`, { cookie: started.cookie! });
      expect(again.cookie).toBe(started.cookie);
    });

    it('refuses a link completed in another browser (OAuth CSRF): nothing is linked', async () => {
      const attacker = await verifiedMember();
      const providerUrl = await linkUrl(attacker.accessToken, startQuery(attacker.deviceToken));
      // The victim opens the attacker's URL and signs in at the provider with their own account.
      const back = await completeAtProvider(providerUrl, login('victim'));
      expect((await callback(back, '')).href).toBe(`${SITE}/loading?error=SOCIAL_STATE_INVALID`);
      expect((await viewer(attacker.accessToken)).accounts).toEqual([]);

      const again = await completeAtProvider(await linkUrl(attacker.accessToken, startQuery(attacker.deviceToken)), login('victim'));
      expect((await callback(again, `studio.social=${'x'.repeat(43)}`)).href).toBe(`${SITE}/loading?error=SOCIAL_STATE_INVALID`);
      expect((await viewer(attacker.accessToken)).accounts).toEqual([]);
    });

    it('refuses a sign-in completed in another browser', async () => {
      const before = await userCount();
      const back = await completeAtProvider((await startLogin(uniqueDevice())).href, login('elsewhere'));
      expect((await callback(back, '')).href).toBe(`${SITE}/loading?error=SOCIAL_STATE_INVALID`);
      expect(await userCount()).toBe(before);
    });

    it('refuses a state started for another provider', async () => {
      const back = await completeAtProvider((await startLogin(uniqueDevice())).href, login('cross'));
      const answer = await visit(`/api/auth/github/callback${back.search}`);
      expect(answer.status).toBe(404);
    });
  });

  describe('provider answer validation', () => {
    it('refuses the code when the PKCE verifier does not match the challenge', async () => {
      const before = await userCount();
      const authUrl = await startLogin(uniqueDevice());
      const back = await completeAtProvider(authUrl.href, login('pkce'));
      const wrong = await new SecretBox(server.config.jwtSecret, 'social').seal(randomPKCECodeVerifier());
      await server.app.database.db.updateTable('socialStates').set({ codeVerifier: wrong }).where('nonce', '=', authUrl.searchParams.get('nonce')!).execute();
      expect((await callback(back)).href).toBe(`${SITE}/loading?error=SOCIAL_PROVIDER_ERROR`);
      expect(await userCount()).toBe(before);
    });

    it('refuses an ID token whose nonce is not the one sent', async () => {
      const before = await userCount();
      const authUrl = await startLogin(uniqueDevice());
      const back = await completeAtProvider(authUrl.href, login('nonce'));
      const nonce = authUrl.searchParams.get('nonce')!;
      await server.app.database.db
        .updateTable('socialStates')
        .set({ nonce: `${nonce}-other` })
        .where('nonce', '=', nonce)
        .execute();
      expect((await callback(back)).href).toBe(`${SITE}/loading?error=SOCIAL_PROVIDER_ERROR`);
      expect(await userCount()).toBe(before);
    });
  });

  describe('callbackUrl allow-list', () => {
    const refused: [string, string][] = [
      ['another host', 'https://evil.example/loading'],
      ['a look-alike host', `${SITE}.evil.example/loading`],
      ['another port', 'http://studio.test:8080/loading'],
      ['another scheme', 'https://studio.test/loading'],
      ['protocol-relative', '//evil.example/loading'],
      ['protocol-relative with backslash', '/\\evil.example/loading'],
      ['backslashes', '\\\\evil.example\\loading'],
      ['userinfo', 'http://studio.test@evil.example/loading'],
      ['userinfo on our host', 'http://user:pass@studio.test/loading'],
      ['backslash before @', 'http://evil.example\\@studio.test/loading'],
      ['a tab', '/\t/evil.example/loading'],
      ['an encoded tab', '/%09/evil.example/loading'],
      ['an encoded slash', '/%2F%2Fevil.example/loading'],
      ['a newline', `${SITE}/loading\n`],
      ['javascript:', 'javascript:alert(1)//loading'],
      ['data:', 'data:text/html,<script>alert(1)</script>'],
      ['not the loading page', `${SITE}/profile`],
      ['a query', `${SITE}/loading?next=//evil.example`],
      ['a fragment', `${SITE}/loading#x`],
      ['dot segments', `${SITE}/loading/../evil`],
      ['empty', ''],
    ];
    it.each(refused)('refuses %s', async (_label, callbackUrl) => {
      const answer = await visit(`/api/auth/oidc/login?${startQuery(uniqueDevice(), callbackUrl)}`);
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(answer.json.error.code).toBe('CALLBACK_URL_INVALID');
    });

    it.each([
      [`${SITE}/loading`, `${SITE}/loading`],
      ['/es/loading', `${SITE}/es/loading`],
      [`${OTHER_APP}/ru/loading`, `${OTHER_APP}/ru/loading`],
    ])('accepts %s', async (callbackUrl, stored) => {
      const authUrl = await startLogin(uniqueDevice(), callbackUrl);
      const row = await server.app.database.db
        .selectFrom('socialStates')
        .select('callbackUrl')
        .where('nonce', '=', authUrl.searchParams.get('nonce')!)
        .executeTakeFirstOrThrow();
      expect(row.callbackUrl).toBe(stored);
    });

    it.each(['//evil.example', 'https://evil.example/', '/\\evil.example', 'profile'])('refuses the return path %s', async (state) => {
      const answer = await visit(`/api/auth/oidc/login?${startQuery(uniqueDevice(), `${SITE}/loading`, state)}`);
      expect(answer.status).toBe(400);
      expect(answer.json.error.field).toBe('state');
    });

    it('answers 404 for an unknown or disabled provider; without a device token, sends the browser back or answers 400', async () => {
      for (const id of ['github', 'nope']) {
        const answer = await visit(`/api/auth/${id}/login?${startQuery(uniqueDevice())}`);
        expect(answer.status).toBe(404);
        expect(answer.json.error.code).toBe('PROVIDER_NOT_FOUND');
      }
      // Without a device token (a click before the page hydrated): back to the page to start again.
      const early = await visit(`/api/auth/oidc/login?callbackUrl=${encodeURIComponent('/ru/loading')}&state=%2F`);
      expect(early.status).toBe(302);
      expect(early.location).toBe(`${SITE}/ru/loading?error=SOCIAL_STATE_INVALID`);
      const missing = await visit(`/api/auth/oidc/login?callbackUrl=${encodeURIComponent('https://evil.example/loading')}`);
      expect(missing.status).toBe(400);
      expect(missing.json.error.code).toBe('VALIDATION_FAILED');
    });
  });
});

describe('social sign-in when the provider is down', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard) of loopback.
    server = await startServer('sqlite', { PUBLIC_URL: SITE, OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' });
  });
  afterAll(() => server?.close());

  it('sends the browser back with SOCIAL_PROVIDER_UNAVAILABLE and answers 503 to a link request', async () => {
    const device = uniqueDevice();
    const response = await fetch(
      `${server.baseUrl}/api/auth/oidc/login?callbackUrl=${encodeURIComponent(`${SITE}/es/loading`)}&deviceToken=${device}&state=/`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${SITE}/es/loading?error=SOCIAL_PROVIDER_UNAVAILABLE`);
    const member = await server.register();
    await server.app.database.db.updateTable('users').set({ isVerified: 1 }).where('email', '=', member.email).execute();
    const link = await server.get(`/api/auth/oidc/get-login-url?callbackUrl=%2Floading&deviceToken=${device}&state=%2F`, {
      authorization: `Bearer ${member.accessToken}`,
    });
    expect(link.status).toBe(503);
    expect(link.json.error.code).toBe('SOCIAL_PROVIDER_UNAVAILABLE');
    expect(await server.app.database.db.selectFrom('socialStates').selectAll().execute()).toEqual([]);
  });
});
