/**
 * Starts Debian's Chromium headless with a DevTools port for Lighthouse's node API, and stops it.
 *
 * Chromium is spawned directly (no chrome-launcher: it is only a transitive dependency of
 * lighthouse) with `--remote-debugging-port=0`; the port it picked is read from the
 * "DevTools listening on ws://HOST:PORT/..." line on stderr. It runs in its own process group
 * with a throw-away profile directory, so `close()` ends the browser and every renderer it
 * started, then deletes the profile.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

/** Flags for headless Chromium here (without the networking ones Chromium floods the closed network). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // chrome-launcher's defaults for Lighthouse: Lighthouse's tab is not the window's first one,
  // and without these Chromium throttles its timers like a background tab (its CPU- and
  // network-idle waits then take seconds longer).
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
];

/**
 * @param {{ executablePath: string, timeoutMs?: number }} opts
 * @returns {Promise<{ hostname: string, port: number, version: string, alive: () => boolean, close: () => Promise<void> }>}
 */
export async function launchChromium({ executablePath, timeoutMs = 20_000 }) {
  const profileDir = mkdtempSync(join(os.tmpdir(), 'studio-lighthouse-chromium-'));
  const child = spawn(executablePath, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const tail = [];
  let closed = false;
  // Last resort when this process dies without running close() (an uncaught error, a closed
  // stdout): 'exit' handlers run synchronously, so kill the group and drop the profile there.
  const onExit = () => {
    killGroup(child.pid, 'SIGKILL');
    rmSync(profileDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  const close = async () => {
    if (closed) return;
    closed = true;
    process.off('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Renderers may outlive the browser process by a moment; make sure the group is gone.
    killGroup(child.pid, 'SIGKILL');
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 });
  };

  try {
    const endpoint = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(setupError(`Chromium did not print its DevTools port within ${timeoutMs / 1000} s`)), timeoutMs);
      let buffer = '';
      child.stderr.setEncoding('utf8');
      // Keep reading stderr for the whole run (a full pipe would block Chromium); keep a tail for errors.
      child.stderr.on('data', (chunk) => {
        for (const line of chunk.split('\n')) if (line.trim()) tail.push(line);
        tail.splice(0, Math.max(0, tail.length - 30));
        if (buffer === null) return;
        buffer += chunk;
        const match = buffer.match(/DevTools listening on (ws:\/\/([^/:\s]+|\[[^\]]+\]):(\d+)\/\S*)/);
        if (match) {
          buffer = null;
          clearTimeout(timer);
          resolve({ hostname: match[2].replace(/^\[|\]$/g, ''), port: Number(match[3]) });
        }
      });
      child.once('error', (err) => {
        clearTimeout(timer);
        reject(setupError(`Could not start Chromium at ${executablePath}: ${err.message} (set CHROMIUM_PATH)`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(setupError(`Chromium exited (${signal ?? `code ${code}`}) before opening its DevTools port:\n${tail.join('\n')}`));
      });
    });
    const version = await fetch(`http://${endpoint.hostname}:${endpoint.port}/json/version`)
      .then((r) => r.json())
      .then((j) => String(j.Browser ?? 'unknown'))
      .catch(() => 'unknown');
    return {
      ...endpoint,
      version,
      alive: () => !closed && child.exitCode === null && child.signalCode === null,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** An error about the setup, printed without a stack trace. */
function setupError(message) {
  return Object.assign(new Error(message), { setup: true });
}
