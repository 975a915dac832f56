/**
 * The Redis clients of the live-update bus (pubsub.ts): connecting with one log line per outage,
 * and quitting without hanging on an unreachable server.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { PubSubLog } from './pubsub.js';

/**
 * An ioredis client that logs losing and regaining its connection once each, not every retry, and
 * calls `onBack` each time the connection is ready again after it was lost or refused (not on a
 * first connection that just worked).
 */
export function connect(
  url: string,
  keyPrefix: string,
  role: string,
  options: RedisOptions,
  log: PubSubLog,
  isClosed: () => boolean,
  onBack?: () => void,
): Redis {
  // Named `<prefix>live-<role>` (e.g. `studio:live-subscriber`) in CLIENT LIST.
  const client = new Redis(url, { ...options, connectionName: `${keyPrefix}live-${role}`.replace(/\s/g, '_') });
  let down = false;
  const lost = (error?: Error) => {
    if (down || isClosed()) return;
    down = true;
    log.warn({ err: error }, `live updates: Redis ${role} connection lost or refused; reconnecting (notices are not delivered meanwhile)`);
  };
  // Without an 'error' listener ioredis prints every failed attempt to the console.
  client.on('error', (error: Error) => lost(error));
  client.on('close', () => lost());
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`live updates: Redis ${role} connection is back`);
    onBack?.();
  });
  return client;
}

/** Waits for QUIT when connected (pending replies arrive first); otherwise disconnects at once. */
export async function quit(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') return client.disconnect();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.quit(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('QUIT timed out')), 2000);
      }),
    ]);
  } catch {
    client.disconnect();
  } finally {
    clearTimeout(timer);
  }
}
