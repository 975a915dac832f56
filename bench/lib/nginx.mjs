/**
 * The static-file reference of bench/run.mjs: Debian's nginx with ONE worker process serving the
 * cached page's exact bytes — identity, or the brotli bytes with `Content-Encoding: br` when the
 * request's Accept-Encoding names br — with the same content-type and the same extra headers as
 * the real server. Config, pid file, logs and files live in a temporary directory; `daemon off`,
 * so the guard stops it like the other children. No side effects on import.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './process.mjs';

/** The path of nginx (PATH, then /usr/sbin/nginx), or null. */
export function findNginx() {
  const r = spawnSync('sh', ['-c', 'command -v nginx || { test -x /usr/sbin/nginx && echo /usr/sbin/nginx; }'], { encoding: 'utf8' });
  return r.stdout.trim() || null;
}

/** An nginx string literal. */
const quote = (s) => `"${String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * Starts nginx on a free port of 127.0.0.1, serving `identity` (Buffer) and `brotli` (Buffer) at
 * `/` with `contentType` and `headers` ({name: value}), tracked by `guard` as "nginx". Answers
 * { base, child, workerPid } — the worker's pid is the one to measure (the master only waits).
 * Throws when nginx does not start within 5 s.
 */
export async function startNginx(guard, nginxPath, dir, { identity, brotli, contentType, headers }) {
  const www = join(dir, 'www');
  mkdirSync(www, { recursive: true });
  writeFileSync(join(www, 'page.html'), identity);
  writeFileSync(join(www, 'page.html.br'), brotli);
  const port = await freePort();
  const extra = Object.entries(headers)
    .map(([k, v]) => `      add_header ${k} ${quote(v)} always;`)
    .join('\n');
  const conf = `
user root;
worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'tmp-body')};
  proxy_temp_path ${join(dir, 'tmp-proxy')};
  fastcgi_temp_path ${join(dir, 'tmp-fastcgi')};
  uwsgi_temp_path ${join(dir, 'tmp-uwsgi')};
  scgi_temp_path ${join(dir, 'tmp-scgi')};
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  keepalive_timeout 75s;
  server_tokens off;
  etag off;
  map $http_accept_encoding $page_file { "~*(^|[ ,])br([ ,;]|$)" /page.html.br; default /page.html; }
  map $http_accept_encoding $page_encoding { "~*(^|[ ,])br([ ,;]|$)" br; default ""; }
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location = / {
      types { }
      default_type ${quote(contentType)};
      add_header Content-Encoding $page_encoding;
      add_header Vary "Accept-Encoding";
${extra}
      try_files $page_file =404;
    }
  }
}
`;
  const confFile = join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child = guard.track(spawn(nginxPath, ['-p', dir, '-c', confFile], { stdio: ['ignore', 'ignore', 'pipe'] }), 'nginx');
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}: ${stderr}${readLog(dir)}`);
    const workers = readChildren(child.pid);
    if (workers.length) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'identity' } });
        await res.arrayBuffer();
        if (res.ok) return { base: `http://127.0.0.1:${port}`, child, workerPid: workers[0] };
      } catch {
        // not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not answer within 5 s: ${stderr}${readLog(dir)}`);
}

function readChildren(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function readLog(dir) {
  try {
    return `\n${readFileSync(join(dir, 'error.log'), 'utf8')}`;
  } catch {
    return '';
  }
}
