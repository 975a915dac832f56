/**
 * The fake's HTTP surface: the `/v1/…` routes the official SDK calls (Bearer `sk_test_…` key
 * required; `Idempotency-Key` honoured on POST: the same key and parameters replay the first
 * successful answer with `Idempotent-Replayed: true`, the same key with other parameters is
 * 400 `idempotency_error`; errors are `{ error: { type, code, message, param? } }`), the hosted
 * onboarding page under `/connect/onboarding/:account`, and test controls under `/__control/`
 * for tests in another process (see index.ts for the list).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FormObject, parseForm } from './form.js';
import { errorPage, onboardingPage, safeReturnUrl } from './onboarding.js';
import { FakeStripeError, type FakeStripeStore, errorTypeFor } from './store.js';

/** The routes a failure can be injected into: the first path segment after `/v1/`. */
export type FakeStripeRoute = 'accounts' | 'account_links' | 'transfers' | 'balance';

/** An injected failure (see `failNext`). */
export interface FailureSpec {
  status: number;
  code?: string;
  /** How many requests in a row fail (default 1). */
  times?: number;
}

/**
 * A reply fault (see `dropReplies` and `hang` in index.ts): `true` for every request to the route
 * until turned off with `false`, or `{ times }` for the next `times` requests.
 */
export type ReplyFault = boolean | { times: number };

/** One API request the fake received, in order. */
export interface FakeStripeCall {
  method: string;
  /** Path without the query, e.g. `/v1/transfers`. */
  path: string;
  idempotencyKey: string | null;
  /** The parsed form body (POST) or query (GET). */
  params: FormObject;
  /** HTTP status answered. */
  status: number;
  /** True when answered from the idempotency store. */
  replayed: boolean;
  /** True when the answer was an injected failure. */
  injected: boolean;
  /** True when the request ran but its reply was dropped (the socket destroyed instead, `dropReplies`). */
  dropped: boolean;
  /** True when the request was accepted and never answered (`hang`). */
  hung: boolean;
}

/** What the HTTP layer needs from the running fake (index.ts provides it). */
export interface FakeStripeCore {
  store: FakeStripeStore;
  baseUrl(): string;
  calls: FakeStripeCall[];
  /** Successful POST answers by idempotency key, with the request they answered (`METHOD path body`). */
  idempotency: Map<string, { fingerprint: string; status: number; body: unknown }>;
  /** Takes (consumes) the pending injected failure for `route`, if any. */
  takeFailure(route: string): FailureSpec | undefined;
  completeOnboarding(accountId: string): Promise<unknown>;
  failNext(route: FakeStripeRoute, failure: FailureSpec): void;
  /** Takes (consumes one of) the pending reply fault of `kind` for `route`: true when this request gets it. */
  takeFault(kind: 'drop' | 'hang', route: string): boolean;
  /** Sets or clears a reply fault of `kind` for `route`. */
  setFault(kind: 'drop' | 'hang', route: FakeStripeRoute, fault: ReplyFault): void;
  /** Sends an event for a stored object (or a given object) and resolves with the delivery summary. */
  controlEvent(input: Record<string, unknown>): Promise<{ status: number; [key: string]: unknown }>;
  /** A transfer was created (not replayed): `transfer.created` with autoEvents. */
  transferCreated(transferId: string): Promise<void>;
  /** A transfer was reversed, in part or in full: `transfer.reversed` with autoEvents. */
  transferReversed(transferId: string): Promise<void>;
  state(): unknown;
}

const MAX_BODY = 1_000_000;
const ROUTES: readonly string[] = ['accounts', 'account_links', 'transfers', 'balance'];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new FakeStripeError(413, 'invalid_request_error', undefined, 'Request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(9).toString('hex')}`, ...headers });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function errorBody(error: FakeStripeError): { error: Record<string, string> } {
  const body: Record<string, string> = { type: error.type, message: error.message };
  if (error.code) body.code = error.code;
  if (error.param) body.param = error.param;
  return { error: body };
}

const notFound = (method: string, path: string): FakeStripeError =>
  new FakeStripeError(404, 'invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path}).`);

/** Runs one `/v1/` route; answers the JSON body (status 200) or throws `FakeStripeError`. */
async function dispatch(core: FakeStripeCore, method: string, path: string, form: FormObject): Promise<unknown> {
  const parts = path.split('/').slice(2).map(decodeURIComponent);
  const [resource, id, sub] = parts;
  const { store } = core;
  if (resource === 'accounts' && parts.length === 1 && method === 'POST') return store.createAccount(form);
  if (resource === 'accounts' && parts.length === 2 && method === 'GET') return store.account(id ?? '');
  if (resource === 'account_links' && parts.length === 1 && method === 'POST') return store.createAccountLink(form, core.baseUrl());
  if (resource === 'transfers' && parts.length === 1 && method === 'POST') {
    const transfer = store.createTransfer(form);
    await core.transferCreated(transfer.id);
    return transfer;
  }
  if (resource === 'transfers' && parts.length === 1 && method === 'GET') return store.listTransfers(form);
  if (resource === 'transfers' && parts.length === 2 && method === 'GET') return store.transfer(id ?? '');
  if (resource === 'transfers' && sub === 'reversals' && parts.length === 3 && method === 'GET') return store.listReversals(id ?? '', form);
  if (resource === 'transfers' && sub === 'reversals' && parts.length === 3 && method === 'POST') {
    const reversal = store.reverseTransfer(id ?? '', form);
    // Stripe sends transfer.reversed for every reversal, partial ones included (Events.d.ts).
    await core.transferReversed(id ?? '');
    return reversal;
  }
  if (resource === 'balance' && parts.length === 1 && method === 'GET') return store.balance();
  throw notFound(method, path);
}

async function api(core: FakeStripeCore, req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<void> {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const keyHeader = req.headers['idempotency-key'];
  const key = typeof keyHeader === 'string' && keyHeader !== '' ? keyHeader : null;
  const call: FakeStripeCall = {
    method,
    path,
    idempotencyKey: key,
    params: parseForm(method === 'GET' ? url.search.slice(1) : body),
    status: 0,
    replayed: false,
    injected: false,
    dropped: false,
    hung: false,
  };
  core.calls.push(call);
  const route = path.split('/')[2] ?? '';
  if (core.takeFault('hang', route)) {
    // Accepted and read, never run nor answered: the socket stays open until the client gives up or close().
    call.hung = true;
    return;
  }
  const answer = (status: number, json: unknown, headers?: Record<string, string>): void => {
    call.status = status;
    if (core.takeFault('drop', route)) {
      // The request ran (its effects and idempotency record stay); the reply is lost on the way.
      call.dropped = true;
      res.socket?.destroy();
      return;
    }
    sendJson(res, status, json, headers);
  };
  const auth = req.headers.authorization ?? '';
  if (!/^Bearer (sk|rk)_test_\S+$/.test(auth)) {
    answer(401, errorBody(new FakeStripeError(401, 'authentication_error', undefined, 'Invalid API Key provided: the fake accepts any Bearer sk_test_… key.')));
    return;
  }
  const failure = core.takeFailure(route);
  if (failure) {
    call.injected = true;
    const message = failure.status >= 500 ? 'An unknown error occurred (injected by the fake).' : 'Injected failure.';
    answer(failure.status, errorBody(new FakeStripeError(failure.status, errorTypeFor(failure.status), failure.code, message)));
    return;
  }
  const store = core.idempotency;
  const fingerprint = `${method} ${path} ${body}`;
  const previous = method === 'POST' && key ? store.get(key) : undefined;
  if (previous) {
    if (previous.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      answer(400, errorBody(new FakeStripeError(400, 'idempotency_error', undefined, message)));
    } else {
      call.replayed = true;
      answer(previous.status, previous.body, { 'idempotent-replayed': 'true', ...(key ? { 'original-request': key } : {}) });
    }
    return;
  }
  try {
    const result = await dispatch(core, method, path, call.params);
    if (method === 'POST' && key) store.set(key, { fingerprint, status: 200, body: structuredClone(result) });
    answer(200, result);
  } catch (error) {
    if (!(error instanceof FakeStripeError)) throw error;
    answer(error.status, errorBody(error));
  }
}

async function control(core: FakeStripeCore, req: IncomingMessage, res: ServerResponse, path: string, body: string): Promise<void> {
  const method = req.method ?? 'GET';
  let input: Record<string, unknown> = {};
  try {
    if (body.trim() !== '') input = JSON.parse(body) as Record<string, unknown>;
  } catch {
    throw new FakeStripeError(400, 'invalid_request_error', undefined, 'Control bodies are JSON.');
  }
  const complete = /^\/__control\/complete\/([^/]+)$/.exec(path);
  if (method === 'POST' && complete) {
    sendJson(res, 200, await core.completeOnboarding(decodeURIComponent(complete[1] ?? '')));
  } else if (method === 'POST' && path === '/__control/fail-next') {
    const { route, status, code, times } = input;
    if (typeof route !== 'string' || !ROUTES.includes(route) || typeof status !== 'number') {
      throw new FakeStripeError(400, 'invalid_request_error', undefined, `fail-next needs { route: ${ROUTES.join('|')}, status: number, code?, times? }`);
    }
    core.failNext(route as FakeStripeRoute, { status, ...(typeof code === 'string' ? { code } : {}), ...(typeof times === 'number' ? { times } : {}) });
    sendJson(res, 200, { ok: true });
  } else if (method === 'POST' && (path === '/__control/drop-replies' || path === '/__control/hang')) {
    const { route, on, times } = input;
    if (typeof route !== 'string' || !ROUTES.includes(route) || (typeof on !== 'boolean' && typeof times !== 'number')) {
      throw new FakeStripeError(
        400,
        'invalid_request_error',
        undefined,
        `${path.slice(11)} needs { route: ${ROUTES.join('|')}, on: boolean } or { route, times: number }`,
      );
    }
    core.setFault(path.endsWith('hang') ? 'hang' : 'drop', route as FakeStripeRoute, typeof times === 'number' ? { times } : on === true);
    sendJson(res, 200, { ok: true });
  } else if (method === 'POST' && path === '/__control/expire-idempotency-keys') {
    core.idempotency.clear();
    sendJson(res, 200, { ok: true });
  } else if (method === 'POST' && path === '/__control/events') {
    sendJson(res, 200, await core.controlEvent(input));
  } else if (method === 'GET' && path === '/__control/state') {
    sendJson(res, 200, core.state());
  } else {
    throw notFound(method, path);
  }
}

async function onboarding(core: FakeStripeCore, req: IncomingMessage, res: ServerResponse, url: URL, accountId: string, body: string): Promise<void> {
  const account = core.store.accounts.get(accountId);
  if (!account) {
    sendHtml(res, 404, errorPage(`No such account: ${accountId}`));
    return;
  }
  const fields = req.method === 'POST' ? new URLSearchParams(body) : url.searchParams;
  const returnUrl = safeReturnUrl(fields.get('return_url'));
  if (!returnUrl) {
    sendHtml(res, 400, errorPage('The link has no valid return_url.'));
    return;
  }
  if (req.method === 'POST') {
    await core.completeOnboarding(accountId);
    res.writeHead(303, { location: returnUrl });
    res.end();
    return;
  }
  sendHtml(res, 200, onboardingPage(accountId, account.email, returnUrl, safeReturnUrl(fields.get('refresh_url')), account.details_submitted));
}

/** The node `request` listener of the fake (see the module comment). */
export function createHandler(core: FakeStripeCore): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      try {
        const body = await readBody(req);
        const page = /^\/connect\/onboarding\/([^/]+)$/.exec(url.pathname);
        if (url.pathname.startsWith('/v1/')) await api(core, req, res, url, body);
        else if (url.pathname.startsWith('/__control/')) await control(core, req, res, url.pathname, body);
        else if (page && (req.method === 'GET' || req.method === 'POST')) await onboarding(core, req, res, url, decodeURIComponent(page[1] ?? ''), body);
        else throw notFound(req.method ?? 'GET', url.pathname);
      } catch (error) {
        if (res.headersSent) return void res.end();
        if (error instanceof FakeStripeError) sendJson(res, error.status, errorBody(error));
        else sendJson(res, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
      }
    })();
  };
}
