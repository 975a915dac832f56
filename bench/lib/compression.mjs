/**
 * The compression check of bench/run.mjs: every text asset the server sends (the built client's
 * JS, CSS, JSON, SVG, i18n and /_build JSON, plus the pages, robots.txt, sitemap.xml and a GraphQL
 * answer) is asked for with `Accept-Encoding: br` and with `gzip`; the answers not compressed with
 * the one asked for are listed, those under `SMALL` bytes apart (the server leaves them as they
 * are on purpose: a few hundred bytes gain nothing from compression). No side effects on import.
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { join, relative } from 'node:path';

/** Answers below this many bytes are not expected compressed (the server's threshold, api/src/app.ts). */
export const SMALL = 1024;

const TEXT = /\.(js|mjs|css|json|svg|html|txt|xml|webmanifest|map)$/;

/** The files under `dir`, as URL paths (`/assets/x.js`), skipping dot-directories (not served). */
function textFiles(dir, base = dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...textFiles(path, base));
    else if (TEXT.test(entry.name) && !entry.name.endsWith('.map')) out.push(`/${relative(base, path).split('\\').join('/')}`);
  }
  return out;
}

/** One request; answers { status, encoding, contentType, bytes }. */
function ask(base, path, encoding, extra = {}) {
  const { method = 'GET', headers = {}, body } = extra;
  return new Promise((resolveAsk, reject) => {
    const req = http.request(`${base}${path}`, { method, headers: { 'accept-encoding': encoding, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () =>
        resolveAsk({ status: res.statusCode, encoding: res.headers['content-encoding'] ?? null, contentType: res.headers['content-type'] ?? '', bytes }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Checks every text asset of `clientDir` (web/dist/client) and the `extra` requests
 * ([{ path, method?, headers?, body? }]) on `base`. Answers { checked, uncompressed: [{ path,
 * acceptEncoding, status, contentType, bytes }], small: [the same, under SMALL bytes] } (only
 * answers with status 200 count).
 */
export async function checkCompression(base, clientDir, extra) {
  const requests = [...textFiles(clientDir).map((path) => ({ path })), ...extra];
  const uncompressed = [];
  const small = [];
  let checked = 0;
  for (const r of requests) {
    for (const acceptEncoding of ['br', 'gzip']) {
      const a = await ask(base, r.path, acceptEncoding, r);
      if (a.status !== 200) continue;
      checked++;
      if (a.encoding === acceptEncoding) continue;
      (a.bytes < SMALL ? small : uncompressed).push({ path: r.path, acceptEncoding, status: a.status, contentType: a.contentType, bytes: a.bytes });
    }
  }
  return { checked, uncompressed, small };
}
