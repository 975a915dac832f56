/**
 * A real OpenID provider for the tests: `oidc-provider` (the certified Node implementation) on a
 * plain-http node server at `http://127.0.0.1:<port>`, with its own small sign-in page.
 *
 * - One confidential client (`studio-test` unless told otherwise) for the authorization-code
 *   flow, PKCE (S256) required, client_secret_basic or client_secret_post at the token endpoint.
 * - Any username signs in, and maps to fixed claims (`claimsFor`): `sub-<login>`,
 *   `<login>@example.test` (verified, except for a login ending in `.unverified`; absent for one
 *   ending in `.noemail`), `Test <login>`, `<login>`.
 * - Scopes `openid email profile` (and `offline_access`). The ID token carries only `sub` and the
 *   protocol claims: e-mail and name come from the userinfo endpoint, as with many real providers
 *   (oidc-provider's default `conformIdTokenClaims`).
 * - The sign-in page ("Sign in to Test ID": a "Username" field, a "Sign in" button and a "Cancel"
 *   button) is shown on EVERY authorization request, even when this browser already signed in
 *   at the provider, so a test always chooses who signs in. Cancel sends the client
 *   `error=access_denied`. Consent is implied by signing in and never asked separately.
 * - Everything lives in memory and is gone after `close()`.
 *
 * `completeAtProvider` plays the browser's part over plain HTTP for API tests; Playwright tests
 * fill the same form in Chromium (e2e/playwright.config.ts starts one for the e2e run).
 */
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import makeFetchCookie from 'fetch-cookie';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account, type Configuration, type KoaContextWithOIDC, errors, interactionPolicy } from 'oidc-provider';

/** A running test provider (see `startTestOpenIdProvider`). */
export interface TestOpenIdProvider {
  /** The issuer identifier, `http://127.0.0.1:<port>` (no trailing slash); discovery is under it. */
  issuer: string;
  /** The one registered client's id. */
  clientId: string;
  /** The one registered client's secret. */
  clientSecret: string;
  /** Stops the server, closing open connections too. */
  close(): Promise<void>;
}

/** Options of `startTestOpenIdProvider`. */
export interface TestOpenIdProviderOptions {
  /** Port to listen on; 0 (the default) picks any free port. */
  port?: number;
  /** Interface to listen on and host of the issuer (default 127.0.0.1). */
  host?: string;
  /** The client's registered redirect URIs (exact match, as the provider requires). */
  redirectUris: string[];
  /** The client's id (default `studio-test`). */
  clientId?: string;
  /** The client's secret (default: random). */
  clientSecret?: string;
}

/** The claims of a test user (see the module comment). */
export interface TestClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name: string;
  preferred_username: string;
}

/** Display name of the provider on its own page (the e2e server gets it as OIDC_NAME). */
const PROVIDER_NAME = 'Test ID';
const SUB_PREFIX = 'sub-';
/** What a username may be: no spaces, no `@` (it becomes the local part of the e-mail address). */
const LOGIN_PATTERN = /^[^\s@]{1,100}$/;

/**
 * The claims the provider releases for `login`, deterministically: `sub` is `sub-<login>`,
 * `email` `<login>@example.test` with `email_verified` true — false when the login ends in
 * `.unverified`, and neither claim when it ends in `.noemail` — `name` `Test <login>` and
 * `preferred_username` the login itself.
 */
export function claimsFor(login: string): TestClaims {
  const claims: TestClaims = { sub: `${SUB_PREFIX}${login}`, name: `Test ${login}`, preferred_username: login };
  if (!login.endsWith('.noemail')) {
    claims.email = `${login}@example.test`;
    claims.email_verified = !login.endsWith('.unverified');
  }
  return claims;
}

/**
 * Starts a provider on `host:port` (127.0.0.1, any free port by default) with one confidential
 * client allowed to redirect to `redirectUris`. Signing keys (RS256) and cookie keys are new on
 * every start, so nothing issued by one instance is accepted by another.
 */
export async function startTestOpenIdProvider(opts: TestOpenIdProviderOptions): Promise<TestOpenIdProvider> {
  const host = opts.host ?? '127.0.0.1';
  const clientId = opts.clientId ?? 'studio-test';
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');

  // The issuer needs the port, so listen first and hand requests to the provider once it exists.
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };

  // The default policy, with one more login check: always show the sign-in page, unless this very
  // request is resuming after it (or the provider would loop). Without it a browser that signed in
  // once would be let through silently as the same user next time.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('always_sign_in', 'the test provider asks who signs in every time', 'login_required', (ctx: KoaContextWithOIDC) =>
        ctx.oidc.result?.['login'] ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Explicit lifetimes (seconds), which also keeps oidc-provider from printing a notice per default.
    ttl: { AuthorizationCode: 60, AccessToken: 3600, IdToken: 3600, RefreshToken: 86_400, Interaction: 3600, Session: 86_400, Grant: 86_400 },
    findAccount(_ctx, id): Account | undefined {
      if (!id.startsWith(SUB_PREFIX)) return undefined;
      const claims = claimsFor(id.slice(SUB_PREFIX.length));
      return { accountId: id, claims: () => ({ ...claims }) };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<h1>Sign-in error</h1><p>${escapeHtml(String(out['error'] ?? 'error'))}: ${escapeHtml(String(out['error_description'] ?? ''))}</p>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);
  const providerCallback = provider.callback();

  handle = (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === '/interaction' || path.startsWith('/interaction/')) {
      interaction(provider, req, res, path).catch((error: unknown) => {
        const expired = error instanceof errors.SessionNotFound;
        if (!res.headersSent) {
          res.writeHead(expired ? 400 : 500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          res.end(
            page(
              'Sign-in error',
              `<h1>Sign-in error</h1><p>${expired ? 'This sign-in request has expired. Start again from the site.' : escapeHtml(String(error))}</p>`,
            ),
          );
        } else {
          res.destroy();
        }
      });
      return;
    }
    void providerCallback(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The provider's own interaction routes (oidc-provider leaves the pages to the application):
 * `GET /interaction/<uid>` shows the sign-in page, `POST …/login` signs in, `POST …/abort` cancels.
 */
async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const [, , uid, action, ...rest] = path.split('/');
  const details = await provider.interactionDetails(req, res);
  if (!uid || details.uid !== uid || rest.length > 0) return send(res, 404, page('Not found', '<h1>Not found</h1>'));
  const clientId = String(details.params['client_id']);

  if (req.method === 'GET' && action === undefined) return send(res, 200, signInPage(uid, clientId));
  if (req.method !== 'POST' || (action !== 'login' && action !== 'abort')) {
    return send(res, 405, page('Not allowed', '<h1>Method not allowed</h1>'));
  }

  if (action === 'abort') {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled' }, { mergeWithLastSubmission: false });
    return;
  }

  const login = (new URLSearchParams(await readBody(req)).get('login') ?? '').trim();
  if (!LOGIN_PATTERN.test(login)) {
    return send(res, 400, signInPage(uid, clientId, 'Enter a username without spaces or @.', login));
  }
  const accountId = claimsFor(login).sub;
  // Consent comes with signing in: grant every OpenID scope and claim the client asked for.
  const grant = new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(String(details.params['scope'] ?? 'openid'));
  const requestedClaims = requestedClaimNames(details.params['claims']);
  if (requestedClaims.length > 0) grant.addOIDCClaims(requestedClaims);
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

/** Claim names from an authorization request's `claims` parameter (JSON), if any. */
function requestedClaimNames(parameter: unknown): string[] {
  if (typeof parameter !== 'string' || parameter === '') return [];
  try {
    const parsed = JSON.parse(parameter) as { id_token?: object | null; userinfo?: object | null };
    return [...new Set([...Object.keys(parsed.id_token ?? {}), ...Object.keys(parsed.userinfo ?? {})])];
  } catch {
    return [];
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) {
        reject(new Error('request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: Chromium applies it to the whole redirect chain after a submit, which ends
    // at the client's redirect_uri on another origin.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'",
  });
  res.end(html);
}

function signInPage(uid: string, clientId: string, error?: string, login = ''): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const errorHtml = error ? `<p id="login-error" role="alert">${escapeHtml(error)}</p>` : '';
  return page(
    `Sign in to ${PROVIDER_NAME}`,
    `<main>
<h1>Sign in to ${PROVIDER_NAME}</h1>
<p>Any username signs in. The application <strong>${escapeHtml(clientId)}</strong> will receive your name and e-mail address.</p>
${errorHtml}
<form method="post" action="${action}/login">
<label for="login">Username</label>
<input id="login" name="login" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(login)}"${error ? ' aria-invalid="true" aria-describedby="login-error"' : ''}>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${action}/abort">
<button type="submit">Cancel</button>
</form>
</main>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}form{margin:1rem 0}label{display:block;font-weight:600}input{display:block;width:100%;box-sizing:border-box;margin:.25rem 0 .75rem;padding:.5rem;font:inherit}button{padding:.5rem 1rem;font:inherit}[role=alert]{color:#a00}</style>
</head>
<body>
${body}
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Plays the browser at the provider over HTTP, with its own cookie jar (fetch-cookie): opens
 * `authUrl`, follows the provider's redirects to the sign-in page, submits `login` — or presses
 * Cancel when `opts.deny` — and follows the provider's redirects again. Returns the first
 * redirect target outside the provider (the client's redirect_uri with `code`, `state` and
 * `iss`, or with `error=access_denied`) WITHOUT requesting it. Throws on anything unexpected,
 * e.g. an error page of the provider (an unregistered redirect_uri, a missing PKCE challenge).
 */
export async function completeAtProvider(authUrl: string, login: string, opts: { deny?: boolean } = {}): Promise<URL> {
  const fetchWithCookies = makeFetchCookie(fetch);
  const providerOrigin = new URL(authUrl).origin;
  let url = new URL(authUrl);
  let init: RequestInit = {};
  let submitted = false;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetchWithCookies(url.href, { ...init, redirect: 'manual' });
    init = {};
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) throw new Error(`The provider answered ${response.status} without a Location at ${url.href}`);
      url = new URL(location, url);
      if (url.origin !== providerOrigin) return url;
      continue;
    }
    const body = await response.text();
    const isSignInPage = response.status === 200 && /^\/interaction\/[^/]+$/.test(url.pathname) && body.includes('name="login"');
    if (!isSignInPage || submitted) {
      throw new Error(
        `Unexpected answer from the provider at ${url.href}: ${response.status} ${body
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 300)}`,
      );
    }
    submitted = true;
    url = new URL(`${url.pathname}/${opts.deny ? 'abort' : 'login'}`, url);
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: opts.deny ? '' : new URLSearchParams({ login }).toString(),
    };
  }
  throw new Error(`Too many redirects at the provider, starting from ${authUrl}`);
}
