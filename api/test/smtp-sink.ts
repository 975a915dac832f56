/**
 * A real SMTP server for the tests (smtp-server on 127.0.0.1, no TLS, no auth) that keeps every
 * message it accepts, parsed with mailparser. A message is parsed before it is acknowledged, so
 * `received` is complete when the sender sees 250.
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Sink {
  port: number;
  received: ParsedMail[];
  close(): Promise<void>;
}

/** Starts a sink on `port` (0: any free port). */
export async function startSink(port = 0): Promise<Sink> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The server's pooled SMTP connections stay open; closing the sink ends them instead of waiting 30 s.
    closeTimeout: 100,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A sender killed mid-session resets its connection: that is the sender's fault, not the sink's.
    server.on('error', () => {});
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('sink has no port');
  return { port: address.port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
