/**
 * The test OpenID provider (testing/oidc-provider) on its own, driven by a real relying party
 * (openid-client): discovery, the authorization-code flow with PKCE, state and nonce, userinfo,
 * and the user cancelling at the provider.
 */
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestOpenIdProvider, claimsFor, completeAtProvider, startTestOpenIdProvider } from '@studio/test-oidc-provider';

const REDIRECT_URI = 'http://localhost:3999/api/auth/oidc/callback';

let op: TestOpenIdProvider;
let config: client.Configuration;

beforeAll(async () => {
  op = await startTestOpenIdProvider({ redirectUris: [REDIRECT_URI] });
  config = await client.discovery(new URL(op.issuer), op.clientId, op.clientSecret, undefined, {
    execute: [client.allowInsecureRequests],
  });
});

afterAll(async () => {
  await op?.close();
});

/** Starts an authorization request as a relying party would; returns its URL and the checks. */
async function authorizationRequest(extra: Record<string, string> = {}) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  return { url, codeVerifier, state, nonce };
}

/** The whole sign-in of `login`: authorization request, the provider, code exchange, userinfo. */
async function signIn(login: string) {
  const request = await authorizationRequest();
  const callback = await completeAtProvider(request.url.href, login);
  const tokens = await client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.codeVerifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
    idTokenExpected: true,
  });
  const sub = tokens.claims()?.sub;
  expect(sub).toBeDefined();
  const userinfo = await client.fetchUserInfo(config, tokens.access_token, sub!);
  return { callback, tokens, userinfo };
}

describe('test OpenID provider', () => {
  it('serves a discovery document for its http://127.0.0.1 issuer', async () => {
    expect(op.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${op.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata['issuer']).toBe(op.issuer);
    expect(metadata['scopes_supported']).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(metadata['code_challenge_methods_supported']).toEqual(['S256']);
    expect(metadata['userinfo_endpoint']).toBe(`${op.issuer}/me`);
  });

  it('signs in with the authorization code, PKCE, and returns claimsFor(login) from userinfo', async () => {
    const { callback, tokens, userinfo } = await signIn('alice');
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('iss')).toBe(op.issuer);
    expect(tokens.claims()).toMatchObject({ iss: op.issuer, aud: op.clientId, sub: 'sub-alice' });
    // The default conformIdTokenClaims: scope claims only through userinfo.
    expect(tokens.claims()?.['email']).toBeUndefined();
    expect(userinfo).toEqual(claimsFor('alice'));
    expect(userinfo).toEqual({
      sub: 'sub-alice',
      email: 'alice@example.test',
      email_verified: true,
      name: 'Test alice',
      preferred_username: 'alice',
    });
  });

  it('maps .unverified and .noemail logins', async () => {
    expect((await signIn('bob.unverified')).userinfo).toEqual({ ...claimsFor('bob.unverified'), email_verified: false });
    const { userinfo } = await signIn('carol.noemail');
    expect(userinfo).toEqual(claimsFor('carol.noemail'));
    expect(userinfo).not.toHaveProperty('email');
  });

  it('answers access_denied when the user cancels', async () => {
    const request = await authorizationRequest();
    const callback = await completeAtProvider(request.url.href, 'alice', { deny: true });
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(callback.searchParams.has('code')).toBe(false);
    await expect(
      client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: request.codeVerifier, expectedState: request.state }),
    ).rejects.toMatchObject({ error: 'access_denied' });
  });

  it('requires PKCE and a registered redirect URI', async () => {
    const noPkce = new URL(`${op.issuer}/auth`);
    noPkce.search = new URLSearchParams({ client_id: op.clientId, response_type: 'code', scope: 'openid', redirect_uri: REDIRECT_URI, state: 's' }).toString();
    const denied = await completeAtProvider(noPkce.href, 'alice');
    expect(denied.searchParams.get('error')).toBe('invalid_request');

    const { url } = await authorizationRequest({ redirect_uri: 'http://localhost:3999/elsewhere' });
    await expect(completeAtProvider(url.href, 'alice')).rejects.toThrow(/redirect_uri/);
  });

  it('shows an accessible sign-in page', async () => {
    const { url } = await authorizationRequest();
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, op.issuer);
    expect(location.pathname).toMatch(/^\/interaction\/[\w-]+$/);
    const cookies = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const html = await (await fetch(location, { headers: { cookie: cookies } })).text();
    expect(html).toContain('<h1>Sign in to Test ID</h1>');
    expect(html).toContain('<label for="login">Username</label>');
    expect(html).toMatch(/<input id="login" name="login"/);
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain('<button type="submit">Cancel</button>');
  });
});
