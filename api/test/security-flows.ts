/**
 * Helpers of the pre-account hijacking and security mail tests (ACC-LINKED, MAIL-SECURITY): a
 * browser's view of the social routes against the real test OpenID provider (the binding cookie
 * kept per started flow, as social.test.ts does), GraphQL and REST calls with a chosen User-Agent,
 * and the mails the real SMTP sink received.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { type TestOpenIdProvider, completeAtProvider, startTestOpenIdProvider } from '@studio/test-oidc-provider';
import type { DbKind, GraphQLResult, HttpResult, TestServer } from './harness.js';
import { startServer, toResult, uniqueDevice } from './harness.js';
import { type Sink, startSink } from './smtp-sink.js';

/** The site's public origin in these tests (PUBLIC_URL); the provider redirects there. */
export const SITE = 'http://studio.test';
/** A browser whose device label is "Firefox 132 on Linux" (http/device.ts). */
export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

/**
 * Registers a `beforeAll` that starts the real test OpenID provider, an SMTP sink and a server of
 * `kind` wired to both (mail delivered by explicit drains, reset limits raised; `env` on top), and
 * an `afterAll` that stops them. Answers the running parts (read them inside tests and hooks).
 */
export function useSecurityRig(kind: DbKind, env: Record<string, string> = {}): { readonly server: TestServer; readonly smtp: Sink } {
  let provider: TestOpenIdProvider | undefined;
  let smtp: Sink | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    provider = await startTestOpenIdProvider({ redirectUris: [`${SITE}/api/auth/oidc/callback`] });
    smtp = await startSink();
    server = await startServer(kind, {
      PUBLIC_URL: SITE,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JOBS_POLL_INTERVAL_MS: '600000', // explicit drains deliver
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Test ID',
      RATE_LIMIT_RESET_IP: '1000/3600',
      RATE_LIMIT_RESET_EMAIL: '1000/3600',
      ...env,
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await provider?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the security rig is not started (use it inside tests and hooks)');
      return server;
    },
    get smtp() {
      if (!smtp) throw new Error('the security rig is not started (use it inside tests and hooks)');
      return smtp;
    },
  };
}

export function recipients(mail: ParsedMail): string[] {
  const to = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

/** The social routes as one browser (per started flow) sees them. */
export function socialBrowser(server: () => TestServer) {
  const browsers = new Map<string, string>();
  const startQuery = (device: string, state = '/profile') => new URLSearchParams({ callbackUrl: `${SITE}/loading`, deviceToken: device, state }).toString();

  async function visit(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${server().baseUrl}${path}`, { redirect: 'manual', headers: { 'user-agent': FIREFOX, ...headers } });
    const text = await response.text();
    const setCookie = response.headers.get('set-cookie');
    return {
      status: response.status,
      location: response.headers.get('location'),
      json: text.startsWith('{') ? JSON.parse(text) : undefined,
      cookie: setCookie?.split(';')[0] ?? null,
    };
  }

  function remember(providerUrl: string, cookie: string | null) {
    expect(cookie).toMatch(/^studio\.social=/);
    browsers.set(new URL(providerUrl).searchParams.get('state')!, cookie!);
  }

  /** The provider's redirect back, replayed by the browser that started: where the browser is sent. */
  async function callback(back: URL): Promise<URL> {
    const answer = await visit(back.pathname + back.search, { cookie: browsers.get(back.searchParams.get('state') ?? '') ?? '' });
    expect(answer.status).toBe(302);
    return new URL(answer.location!);
  }

  /** Asks to link the provider as the bearer's user: the answer (200 `{ data: url }` or an error). */
  function askLink(accessToken: string) {
    return visit(`/api/auth/oidc/get-login-url?${startQuery(uniqueDevice('link'))}`, { authorization: `Bearer ${accessToken}` });
  }

  /** A whole link as the bearer's user with the provider account `login` (`meanwhile` runs while at the provider): where the browser lands. */
  async function link(accessToken: string, login: string, meanwhile?: () => Promise<void>): Promise<URL> {
    const answer = await askLink(accessToken);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    remember(answer.json.data, answer.cookie);
    const back = await completeAtProvider(answer.json.data, login);
    await meanwhile?.();
    return callback(back);
  }

  /** A whole social sign-in as `login`: the credentials, or the landing URL's error. */
  async function signIn(login: string): Promise<{ accessToken: string } | { error: string }> {
    const device = uniqueDevice('social');
    const started = await visit(`/api/auth/oidc/login?${startQuery(device)}`);
    expect(started.status).toBe(302);
    remember(started.location!, started.cookie);
    const landing = await callback(await completeAtProvider(started.location!, login));
    const code = landing.searchParams.get('code');
    if (!code) return { error: landing.searchParams.get('error') ?? landing.href };
    const credentials = await server().post('/api/auth/social/exchange', { code, deviceToken: device });
    expect(credentials.status, credentials.text).toBe(200);
    return { accessToken: credentials.json.accessToken };
  }

  return { askLink, link, signIn };
}

/** POST /api/graphql from the FIREFOX browser with an optional bearer token. */
export async function graphqlAs(server: TestServer, query: string, variables: Record<string, unknown>, token?: string): Promise<GraphQLResult> {
  const response = await fetch(`${server.baseUrl}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': FIREFOX, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const result: HttpResult = await toResult(response);
  return { ...result, data: result.json?.data, errors: result.json?.errors };
}

/** POST a REST route from the FIREFOX browser. */
export function postAs(server: TestServer, path: string, body: unknown): Promise<HttpResult> {
  return server.post(path, body, { 'user-agent': FIREFOX });
}

/** The mails of the sink, read after delivering the queue. */
export function mailbox(server: () => TestServer, sink: () => Sink) {
  const mailsTo = (address: string) => sink().received.filter((m) => recipients(m).includes(address));
  /** Waits until a mail to `address` whose subject matches `subject` arrived; answers all such mails (then settled). */
  async function arrived(address: string, subject: RegExp): Promise<ParsedMail[]> {
    await vi.waitFor(
      async () => {
        await server().app.mail.drain();
        expect(
          mailsTo(address).some((m) => subject.test(m.subject ?? '')),
          `a mail to ${address} matching ${subject}`,
        ).toBe(true);
      },
      { timeout: 10_000, interval: 30 },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await server().app.mail.drain();
    return mailsTo(address).filter((m) => subject.test(m.subject ?? ''));
  }
  /** The one mail to `address` matching `subject` (fails when there are more). */
  async function only(address: string, subject: RegExp): Promise<ParsedMail> {
    const found = await arrived(address, subject);
    expect(found, found.map((m) => m.subject).join(' | ')).toHaveLength(1);
    return found[0]!;
  }
  return { mailsTo, arrived, only };
}
