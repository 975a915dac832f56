/**
 * The live-update bus closes cleanly while it is resubscribing after a lost connection
 * (decision 0042): against a minimal RESP server that answers the first SUBSCRIBE and then closes
 * the connection, and never answers a later SUBSCRIBE. The bus reconnects and resubscribes, and
 * closing it then leaves no promise rejection unhandled (one ends a production process; ioredis's
 * own resubscription dropped its promise).
 */
import { createServer, type Socket } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { createLivePubSub } from '../src/platform/graphql/pubsub.js';
import { waitFor } from './harness.js';

/** The names of the commands in one chunk of RESP arrays (`*n\r\n$len\r\nNAME\r\n…`). */
function commandsIn(chunk: string): string[] {
  return [...chunk.matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)].map((match) => match[1]!.toUpperCase());
}

let subscribes = 0;
const sockets = new Set<Socket>();
const server = createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => {});
  let stuck = false; // after an unanswered SUBSCRIBE nothing is answered, as from a Redis that hangs
  socket.on('data', (chunk) => {
    if (stuck) return;
    for (const command of commandsIn(chunk.toString())) {
      if (command === 'SUBSCRIBE') {
        subscribes += 1;
        if (subscribes === 1) {
          const channel = /SUBSCRIBE\r\n\$\d+\r\n([^\r]+)\r\n/i.exec(chunk.toString())?.[1] ?? '';
          socket.write(`*3\r\n$9\r\nsubscribe\r\n$${channel.length}\r\n${channel}\r\n:1\r\n`);
          setTimeout(() => socket.destroy(), 100);
        } else {
          stuck = true;
        }
        return;
      }
      if (command === 'PING') socket.write('+PONG\r\n');
      else if (command === 'INFO') socket.write('$23\r\n# Server\r\nloading:0\r\n\r\n');
      else socket.write('+OK\r\n');
    }
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const url = `redis://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it('closing the bus while it resubscribes leaves no unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', record);
  const warnings: string[] = [];
  const bus = createLivePubSub(
    { redis: { url, keyPrefix: 'resubscribe:' } },
    { info: () => {}, warn: (_: unknown, message?: string) => void warnings.push(String(message)), error: () => {} },
  );
  try {
    bus.onContentChanged(() => {});
    await waitFor('the resubscription after the lost connection', () => subscribes >= 2, 20_000);
    expect(warnings.some((message) => message.includes('subscriber connection lost'))).toBe(true);
    await bus.close();
    await new Promise((resolve) => setTimeout(resolve, 200)); // rejections surface a tick later
    expect(unhandled).toEqual([]);
  } finally {
    await bus.close();
    process.off('unhandledRejection', record);
  }
}, 30_000);
