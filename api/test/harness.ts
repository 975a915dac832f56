/**
 * Test harness of the API integration tests: starts the real server (`buildApp`, no web SSR)
 * on a random port against a real database — SQLite in a fresh temp directory, or a fresh
 * PostgreSQL database created for the run and dropped afterwards — and talks to it over real
 * HTTP (global fetch). A second server can share the first one's database (two processes of
 * one site, for the Redis pub/sub tests at TEST_REDIS_URL, default redis://127.0.0.1:6379).
 *
 * PostgreSQL policy (explicit, see `postgres` below): the PostgreSQL suites run when the server
 * is reachable; when it is not, they FAIL if `CI` or `REQUIRE_POSTGRES=1` is set, and are
 * otherwise skipped with a visible message. SQLite always runs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/platform/config.js';

export type DbKind = 'sqlite' | 'postgres';
export const DB_KINDS: DbKind[] = ['sqlite', 'postgres'];

/** The settings every test server gets unless a test overrides them. */
export const BASE_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  GRAPHQL_PERSISTED_ONLY: 'false',
  RATE_LIMIT_AUTH_MAX: '10000',
  // SEC-CHALLENGE: tests register and order from one address; challenge.test.ts sets its own.
  CHALLENGE_AFTER_ORDERS: '10000/3600',
  CHALLENGE_AFTER_REGISTRATIONS: '10000/3600',
  REFRESH_REUSE_GRACE_MS: '300',
};

// ---------------------------------------------------------------------------------------------
// PostgreSQL: reachable? required?

function envFlag(name: string): boolean {
  const v = process.env[name];
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

/** True when the PostgreSQL suites must run (and fail if PostgreSQL is unreachable). */
export const postgresRequired = envFlag('CI') || process.env['REQUIRE_POSTGRES'] === '1';

/** Admin URLs tried in order (trust auth on 127.0.0.1:5432; `TEST_POSTGRES_URL` overrides). */
const ADMIN_URLS = process.env['TEST_POSTGRES_URL']
  ? [process.env['TEST_POSTGRES_URL']]
  : ['postgres://postgres@127.0.0.1:5432/postgres', 'postgres://root@127.0.0.1:5432/postgres'];

export interface PostgresDecision {
  /** Whether PostgreSQL suites run. */
  run: boolean;
  /** The working admin URL (database `postgres`), when reachable. */
  adminUrl: string | null;
  /** Why PostgreSQL is not usable, when it is not. */
  problem: string | null;
}

async function probe(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function decidePostgres(): Promise<PostgresDecision> {
  const problems: string[] = [];
  for (const url of ADMIN_URLS) {
    const problem = await probe(url);
    if (!problem) return { run: true, adminUrl: url, problem: null };
    problems.push(`${url.replace(/\/\/([^@]*)@/, '//$1@')}: ${problem}`);
  }
  const problem = `PostgreSQL is not reachable (${problems.join('; ')})`;
  if (postgresRequired) {
    // Run anyway: startServer('postgres') throws, so every PostgreSQL test fails.
    return { run: true, adminUrl: null, problem };
  }
  console.warn(`\n⚠ SKIPPING the PostgreSQL API suites: ${problem}. Set CI or REQUIRE_POSTGRES=1 to make this a failure.\n`);
  return { run: false, adminUrl: null, problem };
}

/** The PostgreSQL decision of this test run (probed once per test file). */
export const postgres: PostgresDecision = await decidePostgres();

/**
 * Why the suite for `kind` is skipped here, or null when it runs. Use it first thing inside
 * `describe.each(DB_KINDS)`: `const skip = skipReason(kind); if (skip) { it.skip(skip, () => {}); return; }`.
 */
export function skipReason(kind: DbKind): string | null {
  if (kind === 'postgres' && !postgres.run) return `PostgreSQL suite skipped: ${postgres.problem}`;
  return null;
}

/**
 * `describe.each(DB_KINDS)(title, body)`, except that a database which cannot run here
 * (`skipReason`: PostgreSQL unreachable and not required) shows one skipped test naming the
 * reason instead of its body. With `CI=1` PostgreSQL is required, so nothing is skipped.
 */
export function describeEachDb(title: string, body: (kind: DbKind) => void): void {
  describe.each(DB_KINDS)(title, (kind) => {
    const skip = skipReason(kind);
    if (skip) {
      it.skip(skip, () => {});
      return;
    }
    body(kind);
  });
}

/** Runs `fn` with a connection to the PostgreSQL server's admin database (drops, creates, terminates). */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!postgres.adminUrl) {
    throw new Error(`PostgreSQL is required (CI=${process.env['CI'] ?? ''} REQUIRE_POSTGRES=${process.env['REQUIRE_POSTGRES'] ?? ''}) but ${postgres.problem}`);
  }
  const client = new pg.Client({ connectionString: postgres.adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// Redis: reachable? required?

/** The Redis the cross-process tests use (`TEST_REDIS_URL` overrides). */
export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** True when the Redis suites must run (and fail if Redis is unreachable): `CI` or `REQUIRE_REDIS=1`. */
export const redisRequired = envFlag('CI') || process.env['REQUIRE_REDIS'] === '1';

/**
 * Probes TEST_REDIS_URL once; call it at the top of a test file that needs Redis. Same policy as
 * PostgreSQL: unreachable Redis fails the suites when required, and skips them visibly otherwise.
 * @returns why the Redis suites are skipped, or null when they run.
 */
export async function redisSkipReason(): Promise<string | null> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    const problem = `Redis is not reachable at ${TEST_REDIS_URL} (${(error as Error).message || String(error)})`;
    if (redisRequired) return null; // run anyway, so the tests fail
    console.warn(`\n⚠ SKIPPING the Redis suites: ${problem}. Set CI or REQUIRE_REDIS=1 to make this a failure.\n`);
    return `Redis suite skipped: ${problem}`;
  } finally {
    client.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers

export interface HttpResult {
  status: number;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  json: any;
  text: string;
  headers: Headers;
}

export interface GraphQLResult extends HttpResult {
  data: any;
  errors: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, any> }> | undefined;
}

/** Reads `response` into an HttpResult (the body parsed as JSON when it is JSON). */
export async function toResult(response: Response): Promise<HttpResult> {
  const text = await response.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, headers: response.headers };
}

/**
 * Resolves when `condition()` answers something truthy (checked every 10 ms); fails after `ms`,
 * an upper bound for what should happen promptly, never the thing measured.
 */
export async function waitFor<T>(what: string, condition: () => T | Promise<T>, ms = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface Registered {
  email: string;
  password: string;
  name: string;
  deviceToken: string;
  accessToken: string;
  refreshToken: string;
}

export interface RegisterOverrides {
  email?: string;
  password?: string;
  name?: string;
  username?: string;
  fullName?: string;
  deviceToken?: string;
}

let counter = 0;
const runId = randomBytes(3).toString('hex');

/** A unique e-mail address; its local part starts with `prefix`. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${runId}-${counter}@example.test`;
}

/** A unique device token. */
export function uniqueDevice(label = 'device'): string {
  counter += 1;
  return `${label}-${runId}-${counter}`;
}

export interface TestServer {
  kind: DbKind;
  baseUrl: string;
  /** ws://127.0.0.1:port/api/graphql */
  wsUrl: string;
  app: App;
  config: Config;
  dataDir: string;
  /** POST `body` as JSON (a string is sent verbatim with content-type application/json). */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<HttpResult>;
  get(path: string, headers?: Record<string, string>): Promise<HttpResult>;
  /** POST /api/graphql with `{ query, variables }` and an optional bearer token. */
  graphql(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphQLResult>;
  /** POST /api/graphql with an arbitrary JSON body. */
  graphqlBody(body: unknown, token?: string): Promise<GraphQLResult>;
  /** Registers a user with a unique e-mail; throws unless the answer is 201 with credentials. */
  register(overrides?: RegisterOverrides): Promise<Registered>;
  login(email: string, password: string, deviceToken: string): Promise<HttpResult>;
  refresh(refreshToken: string): Promise<HttpResult>;
  close(): Promise<void>;
}

function bearer(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

function toGraphQLResult(result: HttpResult): GraphQLResult {
  return { ...result, data: result.json?.data, errors: result.json?.errors };
}

export interface StartOptions {
  /**
   * Run as a second process of the same site as `server`: the same database and data directory
   * (and so the same generated JWT secret), which stay `server`'s to remove. Close this one first.
   */
  shareDataWith?: TestServer;
  /** Serve the web app too (server-side rendering from the built `web/dist`; `pnpm build` first). */
  web?: boolean;
}

/**
 * Starts the API (no web SSR) listening on 127.0.0.1 with a random port, on a fresh SQLite file
 * or a fresh PostgreSQL database (or on another test server's, see `StartOptions`). `env` is
 * merged over BASE_ENV.
 */
export async function startServer(kind: DbKind, env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const shared = options.shareDataWith;
  if (shared && shared.kind !== kind) throw new Error(`cannot share a ${shared.kind} server's data with a ${kind} server`);
  const dataDir = shared ? shared.dataDir : mkdtempSync(join(tmpdir(), `studio-api-${kind}-`));
  let database: string | null = null;
  let app: App | null = null;
  const cleanup = async () => {
    if (app) await app.close();
    if (shared) return;
    if (database) {
      const name = database;
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const dbEnv: Record<string, string> = {};
    if (shared) {
      if (shared.config.database.kind === 'postgres') dbEnv['DATABASE_URL'] = shared.config.database.url;
    } else if (kind === 'postgres') {
      const name = `studio_test_${randomBytes(6).toString('hex')}`;
      await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
      database = name;
      dbEnv['DATABASE_URL'] = databaseUrl(postgres.adminUrl!, name);
    }
    const config = loadConfig({ ...BASE_ENV, DATA_DIR: dataDir, ...dbEnv, ...env });
    if (config.database.kind !== kind) throw new Error(`expected a ${kind} database, config has ${config.database.kind}`);
    app = await buildApp(config, { web: options.web ?? false });
    await app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = app.fastify.server.address();
    if (!address || typeof address === 'string') throw new Error('server has no TCP address');
    const baseUrl = `http://127.0.0.1:${address.port}`;

    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      toResult(
        await fetch(baseUrl + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      );
    const get = async (path: string, headers: Record<string, string> = {}) => toResult(await fetch(baseUrl + path, { headers }));
    const graphqlBody = async (body: unknown, token?: string) =>
      toGraphQLResult(await post('/api/graphql', body, { accept: 'application/json', ...bearer(token) }));

    let closed: Promise<void> | undefined;
    const server: TestServer = {
      kind,
      baseUrl,
      wsUrl: `ws://127.0.0.1:${address.port}/api/graphql`,
      app,
      config: app.config,
      dataDir,
      post,
      get,
      graphqlBody,
      graphql: (query, variables, token) => graphqlBody(variables ? { query, variables } : { query }, token),
      async register(overrides = {}) {
        const email = overrides.email ?? uniqueEmail();
        const password = overrides.password ?? `pw-${randomBytes(6).toString('hex')}`;
        const name = overrides.name ?? 'Test User';
        const deviceToken = overrides.deviceToken ?? uniqueDevice();
        const body: Record<string, string> = { email, password, name, deviceToken };
        if (overrides.username !== undefined) body['username'] = overrides.username;
        if (overrides.fullName !== undefined) body['fullName'] = overrides.fullName;
        const result = await post('/api/auth/register', body);
        if (result.status !== 201 || typeof result.json?.accessToken !== 'string' || typeof result.json?.refreshToken !== 'string') {
          throw new Error(`register ${email} answered ${result.status}: ${result.text}`);
        }
        return { email, password, name, deviceToken, accessToken: result.json.accessToken, refreshToken: result.json.refreshToken };
      },
      login: (email, password, deviceToken) => post('/api/auth/login', { email, password, deviceToken }),
      refresh: (refreshToken) => post('/api/auth/refresh', { refreshToken }),
      close() {
        closed ??= cleanup();
        return closed;
      },
    };
    return server;
  } catch (error) {
    await cleanup().catch(() => {});
    throw error;
  }
}

/** Asserts a GraphQL answer has no errors and HTTP 200, and returns its `data`. */
export function ok(result: GraphQLResult): any {
  expect(result.errors, result.text).toBeUndefined();
  expect(result.status, result.text).toBe(200);
  return result.data;
}

/** Every private User field (schema.graphql), as selections: only the user and admins may read them. */
export const PRIVATE_USER_FIELDS = [
  'email',
  'isVerified',
  'pendingEmail',
  'passwordIsSet',
  'phone',
  'telegram',
  'role',
  'type',
  'balance',
  'balanceCurrency',
  'held',
  'withdrawalMethod',
  'withdrawalMethodDetails',
  'stripeAccountId',
  'stripeOnboardingCompleted',
  'payoutsPausedUntil',
  'payouts { totalCount }',
  'defaultReferralCode { id }',
  'accounts { id }',
];
