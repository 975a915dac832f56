/**
 * Shutdown (SITE-HEALTH): `app.close()` lets a request that is still arriving finish and then
 * closes its connection at once, instead of holding the keep-alive connection for its timeout
 * (72 s), which hung test teardown and a deployment's SIGTERM.
 */
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startServer } from './harness.js';

it('a keep-alive connection with a request still arriving at close is answered, then closed', async () => {
  const server = await startServer('sqlite');
  const socket = connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const socketClosed = new Promise((resolve) => socket.once('close', resolve));

  socket.write('GET /api/health/live HTTP/1.1\r\nHost: studio.test\r\n\r\n');
  await expect.poll(() => received.includes('HTTP/1.1 200')).toBe(true);
  // The next request's headers and half of its body are in when the server starts closing.
  const body = '{"query":"{__typename}"}';
  socket.write(
    `POST /api/graphql HTTP/1.1\r\nHost: studio.test\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const closing = server.close();
  setTimeout(() => socket.write(body.slice(5)), 500);

  await closing;
  await socketClosed;
  expect(received).toContain('{"data":{"__typename":"Query"}}');
}, 30_000);
