/**
 * The baseline of `bench/run.mjs`: a bare Fastify 5 server with one GET route that answers
 * fixed bytes with a fixed content-type, and nothing else (no logger, no plugins, no hooks).
 * It runs as its own process, like the real server, so each gets one event loop.
 *
 * Env: BASELINE_BODY_FILE (the bytes to answer), BASELINE_CONTENT_TYPE, PORT, HOST
 * (default 127.0.0.1), BASELINE_PATH (default "/"); optional BASELINE_BR_FILE (brotli bytes,
 * answered with `Content-Encoding: br` when the request's Accept-Encoding names br) and
 * BASELINE_HEADERS (a JSON object of extra response headers, e.g. the real server's security
 * headers, so both answer the same headers). Prints `{"port":N}` on stdout when listening.
 * Fastify is resolved from api/package.json, so it is the same Fastify the real server uses.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const requireFromApi = createRequire(resolve(root, 'api', 'package.json'));
const Fastify = requireFromApi('fastify');

const bodyFile = process.env.BASELINE_BODY_FILE;
const contentType = process.env.BASELINE_CONTENT_TYPE;
if (!bodyFile || !contentType) {
  console.error('baseline-server: BASELINE_BODY_FILE and BASELINE_CONTENT_TYPE are required');
  process.exit(2);
}
const body = readFileSync(bodyFile);
const brotli = process.env.BASELINE_BR_FILE ? readFileSync(process.env.BASELINE_BR_FILE) : null;
const headers = JSON.parse(process.env.BASELINE_HEADERS || '{}');
const path = process.env.BASELINE_PATH || '/';
const wantsBr = /(^|[ ,])br([ ,;]|$)/i;

const app = Fastify({ logger: false });
app.get(path, (request, reply) => {
  reply.headers(headers).type(contentType);
  if (brotli && wantsBr.test(request.headers['accept-encoding'] ?? '')) reply.header('content-encoding', 'br').header('vary', 'Accept-Encoding').send(brotli);
  else reply.send(body);
});

const shutdown = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT || 0) });
const { port } = app.server.address();
process.stdout.write(`${JSON.stringify({ port, fastify: app.version })}\n`);
