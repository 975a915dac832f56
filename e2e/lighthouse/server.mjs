/**
 * Starts the built Studio server for the Lighthouse runner and stops it.
 *
 * `node <entry>` (default: the repo's api/dist/main.js) with a fresh SQLite database in a
 * temporary DATA_DIR, NODE_ENV=production, PUBLIC_URL=http://localhost:PORT (localhost, never
 * 127.0.0.1: the session cookies are Secure and Chromium accepts those over http only on
 * localhost), MAIL_TRANSPORT=memory. Waits for `GET /api/health` to answer 200.
 * `stop()` sends SIGTERM (the server shuts down gracefully), SIGKILL after 10 s, then deletes
 * the data directory.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Where the server entry and the web build are, and whether they exist.
 * The web build defaults to `<entry>/../../../web/dist`, the same place api/src/platform/config.ts
 * looks when WEB_DIST_DIR is unset.
 * @param {string} repoRoot
 */
export function locateBuild(repoRoot, env = process.env) {
  const entry = resolve(env['LIGHTHOUSE_SERVER_ENTRY'] || join(repoRoot, 'api', 'dist', 'main.js'));
  const webDist = resolve(env['WEB_DIST_DIR'] || join(dirname(entry), '..', '..', 'web', 'dist'));
  const missing = [];
  if (!existsSync(entry)) missing.push(entry);
  for (const part of [join(webDist, 'client'), join(webDist, 'server', 'entry-server.js')]) {
    if (!existsSync(part)) missing.push(part);
  }
  return { entry, webDist, missing, display: (p) => (relative(repoRoot, p).startsWith('..') ? p : relative(repoRoot, p)) };
}

/**
 * @param {{ entry: string, webDist: string, port: number, timeoutMs?: number, log?: (line: string) => void }} opts
 * @returns {Promise<{ baseUrl: string, stop: () => Promise<void>, gone: () => string | null }>}
 */
export async function startServer({ entry, webDist, port, timeoutMs = 30_000, log = (l) => console.log(l) }) {
  if (await portAnswers(port)) {
    throw setupError(`something is already listening on localhost:${port}; stop it or set LIGHTHOUSE_PORT`);
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'studio-lighthouse-data-'));
  const baseUrl = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: 'localhost',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: baseUrl,
    MAIL_TRANSPORT: 'memory',
    LOG_LEVEL: process.env['LOG_LEVEL'] || 'warn',
    WEB_DIST_DIR: webDist,
    // A fresh SQLite database and in-memory live updates, whatever the shell has set.
    DATABASE_URL: '',
    REDIS_URL: '',
  };
  const child = spawn(process.execPath, [entry], { cwd: dirname(entry), env, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = [];
  const onOutput = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      tail.splice(0, Math.max(0, tail.length - 40));
      log(`[server] ${line}`);
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  let exited = null;
  let stopped = false;
  const exitPromise = new Promise((r) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      const hint = code === 0 ? ': a graceful shutdown, so something else sent it SIGTERM or SIGINT' : '';
      if (!stopped) log(`[server] exited before the runner stopped it (${signal ?? `code ${code}`}${hint})`);
      r(exited);
    }),
  );
  child.once('error', (err) => onOutput(`spawn error: ${err.message}`));

  // Last resort when this process dies without running stop(): 'exit' handlers run synchronously.
  const onExit = () => {
    if (!exited) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
  };

  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (exited) {
        const unresolved = tail.some((l) => l.includes('ERR_MODULE_NOT_FOUND'));
        throw setupError(
          `the server exited (${exited.signal ?? `code ${exited.code}`}) before /api/health answered (its output is above)` +
            (unresolved
              ? `.\n  It could not resolve a package: a build outside the repository does not find the repo's node_modules;` +
                ` lay it out as <dir>/api/dist + <dir>/web/dist with node_modules symlinks (e2e/lighthouse/README.md).`
              : ''),
        );
      }
      const status = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })
        .then((r) => r.status)
        .catch(() => 0);
      if (status === 200) {
        /** Null while the server runs, else why it is gone. */
        const gone = () => (exited ? `the server exited during the run (${exited.signal ?? `code ${exited.code}`})` : null);
        return { baseUrl, stop, gone };
      }
      if (Date.now() > deadline) {
        throw setupError(`GET ${baseUrl}/api/health did not answer 200 within ${timeoutMs / 1000} s (last status: ${status || 'no answer'})`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stop();
    throw err;
  }
}

/** True when a TCP connection to localhost:port succeeds (IPv4 or IPv6). */
async function portAnswers(port) {
  const tryHost = (host) =>
    new Promise((resolve) => {
      const socket = net.connect({ host, port });
      socket.setTimeout(1_000);
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('timeout', () => (socket.destroy(), resolve(false)));
      socket.once('error', () => resolve(false));
    });
  return (await tryHost('127.0.0.1')) || (await tryHost('::1'));
}

/** An error about the setup, printed without a stack trace. */
function setupError(message) {
  return Object.assign(new Error(message), { setup: true });
}
