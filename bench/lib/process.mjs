/**
 * Child processes of the benches (bench/run.mjs, bench/logins.mjs): the build they need, a free
 * port, the real server started as a child with its output in a log file, the wait for its
 * /api/health, and a guard that never lets a child, a worker thread or the temporary directory
 * outlive the bench (normal end, error or Ctrl-C). No side effects on import: logins.mjs also
 * loads as a worker thread.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Where the benches write their results and server logs (git-ignored). */
export const resultsDir = join(root, 'bench', 'results');
/** The built server's entry. */
export const serverEntry = join(root, 'api', 'dist', 'main.js');
/** The built web app's server entry (the server refuses to start without it). */
const webEntry = join(root, 'web', 'dist', 'server', 'entry-server.js');

/** A free TCP port on 127.0.0.1 (the system picks it; free when this resolves, not reserved). */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/** Newest modification time (ms) of the files under `dir`. */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds what a bench needs before it starts the server: `pnpm build` when web/dist is missing, or
 * api/dist (unless `rebuildStaleApi`, which builds only the api for that). With `rebuildStaleApi`,
 * also `pnpm --filter @studio/api build` when api/dist is older than a file of api/src. With
 * `runDespiteErrors`, a build that reports errors but emitted the server is run anyway, with a
 * warning (tsc still emits on type errors; api/src may be mid-edit). Throws when the build failed
 * otherwise.
 */
export function ensureBuilt({ rebuildStaleApi = false, runDespiteErrors = false } = {}) {
  const webMissing = !existsSync(webEntry);
  if (webMissing || (!rebuildStaleApi && !existsSync(serverEntry))) {
    console.log(`${webMissing ? 'web/dist' : 'api/dist'} is missing: running \`pnpm build\`…`);
    const r = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
    if (r.status === 0) return;
    if (!runDespiteErrors || !existsSync(serverEntry)) throw new Error('`pnpm build` failed');
    console.warn('WARNING: `pnpm build` reported errors; running what it emitted.');
    return;
  }
  if (!rebuildStaleApi) return;
  const stale = existsSync(serverEntry) && newestMtime(join(root, 'api', 'src')) > statSync(serverEntry).mtimeMs;
  if (existsSync(serverEntry) && !stale) return;
  console.log(`api/dist is ${stale ? 'older than api/src' : 'missing'}: running \`pnpm --filter @studio/api build\`…`);
  const r = spawnSync('pnpm', ['--filter', '@studio/api', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status === 0) return;
  const output = `${r.stdout}${r.stderr}`.trim().split('\n');
  if (!runDespiteErrors || !existsSync(serverEntry)) throw new Error(`the api build failed:\n${output.slice(-20).join('\n')}`);
  console.warn(
    `WARNING: the api build reported ${output.filter((l) => /error TS/.test(l)).length || 'some'} error(s); running what tsc emitted. The figures may not be those of a sound build.`,
  );
}

/** "; see <log file>" for a child whose output goes to a log file, else "". */
const seeLog = (child) => (child.logFile ? `; see ${child.logFile}` : '');

/**
 * The guard of one bench's processes. `track` a child process (named for messages, e.g. "the
 * server") or a worker thread; `makeTempDir` makes the one temporary directory; `stop` ends them
 * all (children: SIGTERM, then SIGKILL after 8 s — the real server shuts down gracefully, which
 * also writes --cpu-prof) and removes the directory. Ctrl-C or SIGTERM stops everything and exits
 * 130 (`interrupted` is then true); when the process exits anyway, children still running get SIGKILL.
 * `what` names the children in the Ctrl-C message, e.g. "the servers".
 */
export function createGuard(what) {
  const children = new Set();
  const workers = new Set();
  let tempDir;
  let interrupted = false;

  async function stopChild(child, graceMs = 8000) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.kill('SIGTERM');
    await child.exited;
    clearTimeout(timer);
  }

  const guard = {
    get interrupted() {
      return interrupted;
    },
    /** Tracks `child`; `child.exited` resolves with [code, signal] when it exits. */
    track(child, name) {
      child.benchName = name;
      child.exited = once(child, 'exit');
      children.add(child);
      child.once('exit', () => children.delete(child));
      return child;
    },
    trackWorker(worker) {
      workers.add(worker);
      return worker;
    },
    makeTempDir(prefix) {
      tempDir = mkdtempSync(join(os.tmpdir(), prefix));
      return tempDir;
    },
    async stop() {
      await Promise.all([...workers].map((w) => w.terminate()));
      workers.clear();
      await Promise.all([...children].map((c) => stopChild(c)));
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      tempDir = undefined;
    },
    /**
     * Runs `main`, then stops everything. A failure is printed ("<label> failed: …") and sets exit
     * code 1, unless Ctrl-C is already stopping the bench (its handler exits 130).
     */
    async run(label, main) {
      try {
        await main();
      } catch (error) {
        if (interrupted) await new Promise(() => {});
        console.error(`\n${label} failed: ${error.stack ?? error}`);
        process.exitCode = 1;
      } finally {
        await guard.stop();
      }
    },
  };

  // Last resort: never leave a server behind, whatever happens.
  process.on('exit', () => {
    for (const c of children) c.kill('SIGKILL');
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping ${what}…`);
      guard.stop().finally(() => process.exit(130));
    });
  }
  return guard;
}

/** Throws if `child` (tracked by a guard) exits before `promise` settles. */
export function unlessExits(child, promise, what) {
  return Promise.race([
    promise,
    child.exited.then(([code, signal]) => {
      throw new Error(`${child.benchName} exited (code ${code}, signal ${signal}) while ${what}${seeLog(child)}`);
    }),
  ]);
}

/**
 * Starts the built server (`node api/dist/main.js`, spawned directly, not through pnpm, so the pid
 * is the server's) on a free port of 127.0.0.1, tracked by `guard` as "the server": NODE_ENV=production,
 * LOG_LEVEL=warn, DATA_DIR=`dataDir`, PUBLIC_URL, then `env`; `nodeArgs` go to node. `entry` is
 * another build of the server to run instead (a baseline), `ipc` opens an IPC channel to it
 * (`server.send`, 'message'). Its stdout and stderr go to `logFile`. Answers { server, base (the
 * URL), env (the variables set, in that order), outputLines() (how many lines it has written) }.
 */
export async function startServer(guard, { dataDir, env = {}, nodeArgs = [], logFile, entry = serverEntry, ipc = false }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: base, ...env };
  const stdio = ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc'] : [])];
  const server = guard.track(spawn(process.execPath, [...nodeArgs, entry], { cwd: root, env: { ...process.env, ...serverEnv }, stdio }), 'the server');
  server.logFile = relative(root, logFile);
  const log = createWriteStream(logFile);
  let lines = 0;
  for (const stream of [server.stdout, server.stderr]) {
    stream.on('data', (d) => (lines += String(d).split('\n').filter(Boolean).length));
    stream.pipe(log, { end: false });
  }
  return { server, base, env: serverEnv, outputLines: () => lines };
}

/** Polls `${base}/api/health` every 100 ms until it answers 200 (answers its JSON); throws when `child` exits first or after `timeoutMs`. */
export async function waitForHealth(base, child, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${child.benchName} exited with code ${child.exitCode} before /api/health answered${seeLog(child)}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return await res.json();
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`/api/health did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

/** Writes `report` as bench/results/<name> and says so. */
export function writeResults(name, report) {
  writeFileSync(join(resultsDir, name), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote bench/results/${name}`);
}

/** The loud banner of an invalid run (`heading`, then each problem) on stderr; sets exit code 1. */
export function reportInvalid(heading, problems) {
  const bar = '!'.repeat(78);
  console.error(`\n${bar}\n!! ${heading}`);
  for (const p of problems) console.error(`!!   ${p}`);
  console.error(bar);
  process.exitCode = 1;
}
