/**
 * The built server as a real child process, for the fault tests that kill, restart or starve it
 * (`node api/dist/main.js`; `pnpm test` builds before the API suite), and a private PostgreSQL
 * cluster (initdb + pg_ctl into a temporary directory, its own port) for tests that restart the
 * database itself — never the machine's shared server, which other suites use at the same time.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The built server's entry. */
export const BUILT_SERVER = join(import.meta.dirname, '..', 'dist', 'main.js');

/** A loopback port free at this moment. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr). */
  output(): string;
  /** GraphQL over HTTP; resolves with the status and parsed body (never throws on an HTTP error). */
  graphql(query: string, variables?: Record<string, unknown>): Promise<{ status: number; json: any }>;
  /** SIGKILL, or SIGTERM and wait (after `graceMs`, SIGKILL). Resolves when the process has exited. */
  stop(signal?: 'SIGTERM' | 'SIGKILL', graceMs?: number): Promise<void>;
}

/** The settings every fault-test server gets (production mode, ad hoc GraphQL allowed, quiet logs, no order limit). */
export const PROCESS_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  GRAPHQL_PERSISTED_ONLY: 'false',
  ORDER_RATE_LIMIT_MAX: '1000000',
  RATE_LIMIT_AUTH_MAX: '1000000',
  // Many orders and accounts from one address: no proof-of-work challenge (SEC-CHALLENGE).
  CHALLENGE_AFTER_ORDERS: '1000000/3600',
  CHALLENGE_AFTER_REGISTRATIONS: '1000000/3600',
  JWT_SECRET: 'fault-test-secret-0123456789abcdef',
};

/**
 * Starts the built server with `env` over PROCESS_ENV on a free port and waits until
 * `/api/health/live` answers (at most `timeoutMs`).
 * @throws when api/dist is missing, or the process exits or stays silent before it is up.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  if (!existsSync(BUILT_SERVER)) throw new Error('api/dist/main.js is missing: run `pnpm build` first (pnpm test builds before the API suite)');
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: { ...process.env, ...PROCESS_ENV, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = once(child, 'exit');
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited before it was up:\n${output}`);
    const live = await fetch(`${baseUrl}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (live) break;
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server was not up within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    async graphql(query, variables) {
      const response = await fetch(`${baseUrl}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = { text };
      }
      return { status: response.status, json };
    },
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.kill(signal);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The PostgreSQL server programs of this machine (`/usr/lib/postgresql/<version>/bin`), or null. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
  const bin = version ? join(base, version, 'bin') : null;
  return bin && existsSync(join(bin, 'initdb')) ? bin : null;
}

export interface PrivateCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is dropped; resolves when the server accepts connections again. */
  restart(): void;
  stop(): void;
  /** Stops the server and removes its directory. */
  remove(): void;
}

/**
 * Creates and starts a private PostgreSQL cluster in a temporary directory on a free port. As root
 * it runs the programs as the `postgres` user (initdb refuses root).
 * @throws when the programs are missing or a step fails (with its output).
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql/<version>/bin');
  const dir = mkdtempSync(join(tmpdir(), 'studio-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  const run = (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, program);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
    const r = spawnSync(command, argv, { encoding: 'utf8', cwd: dir });
    if (r.status !== 0) throw new Error(`${program} ${args.join(' ')} failed (${r.status}): ${r.stdout}\n${r.stderr}`);
  };
  const port = await freePort();
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', ...args]);
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: () => ctl('restart', '-m', 'fast'),
    stop: () => ctl('stop', '-m', 'fast'),
    remove() {
      try {
        ctl('stop', '-m', 'immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
