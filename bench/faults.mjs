#!/usr/bin/env node
/**
 * SMTP outage benchmark (JOBS, MAIL-OUTBOX; decision 0043): how long after an SMTP server comes
 * back are the mails queued during its outage delivered, and are any sent twice?
 *
 *   node bench/faults.mjs [--outages=10,30,60] [--faults=refused,hung,dropped,tempfail] [--orders=7]
 *   (`pnpm bench:faults`)
 *
 * Method, for each fault and outage length, on the built server with its production settings
 * (mail backoff 30 s doubling, two pooled SMTP connections so the pool is exhausted early):
 *  1. The SMTP port is taken by the fault: `refused` (nothing listens), `hung` (accepts, never
 *     greets), `dropped` (accepts and closes), `tempfail` (421 and closes).
 *  2. `orders` orders are placed spread over the outage (two mails each: studio and customer).
 *  3. The fault ends and a real SMTP sink takes the port; the clock runs until the sink holds every
 *     mail, then 3 s more to catch duplicates.
 * Baseline, in the same run: the same orders with the sink up from the start (delivery latency
 * when nothing is wrong). Printed per case: seconds from the return to the last mail, the ratio to
 * the baseline's seconds from the last order to the last mail, mails sent twice. The aim is every
 * mail within 60 s of the return, none twice. Exits 1 when a mail never arrives (within 180 s).
 */
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createGuard, ensureBuilt, freePort, reportInvalid, resultsDir, root, startServer, waitForHealth, writeResults } from './lib/process.mjs';

const opts = { outages: [10, 30, 60], faults: ['refused', 'hung', 'dropped', 'tempfail'], orders: 7 };
for (const arg of process.argv.slice(2)) {
  const [key, value] = arg.replace(/^--/, '').split('=');
  if (key === 'outages') opts.outages = value.split(',').map(Number);
  else if (key === 'faults') opts.faults = value.split(',');
  else if (key === 'orders') opts.orders = Number(value);
  else {
    console.error('Usage: node bench/faults.mjs [--outages=10,30,60] [--faults=refused,hung,dropped,tempfail] [--orders=7]');
    process.exit(2);
  }
}

const apiRequire = createRequire(join(root, 'api', 'package.json'));
const { SMTPServer } = apiRequire('smtp-server');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
const order = (n) => ({
  name: `Outage ${n}`,
  email: `outage${n}@example.test`,
  interest: 'voice-match',
  budget: 'NOT_SURE',
  message: `Order ${n} placed while mail was away.`,
  consent: true,
  locale: 'EN',
});

/** A sink on `port` that records each accepted Message-ID. */
async function startSink(port) {
  const ids = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 8192) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        ids.push(/^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `unknown-${ids.length}`);
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { ids, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** What occupies the port during the outage (null: nothing listens). */
async function startFault(fault, port) {
  if (fault === 'refused') return null;
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (fault === 'dropped') socket.destroy();
    else if (fault === 'tempfail') socket.end('421 4.3.2 Service not available, closing transmission channel\r\n');
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  };
}

async function graphql(base, query, variables) {
  const response = await fetch(`${base}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) bench' },
    body: JSON.stringify({ query, variables }),
  });
  const json = await response.json();
  if (json.errors) throw new Error(JSON.stringify(json.errors));
  return json.data;
}

const guard = createGuard('the server');
await guard.run('faults bench', async () => {
  ensureBuilt();
  const tmp = guard.makeTempDir('studio-faults-');
  const results = [];
  let caseNo = 0;
  /** One case: `fault` for `outageS` seconds (null: the baseline, no outage). */
  async function runCase(fault, outageS) {
    caseNo += 1;
    const port = await freePort();
    const down = fault ? await startFault(fault, port) : null;
    let sink = fault ? null : await startSink(port);
    const env = {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_SMTP_CONNECTIONS: '2',
      GRAPHQL_PERSISTED_ONLY: 'false',
      ORDER_RATE_LIMIT_MAX: '100000',
      CHALLENGE_AFTER_ORDERS: '100000/3600',
    };
    const label = fault ? `${fault}-${outageS}s` : 'baseline';
    const { server, base } = await startServer(guard, { dataDir: join(tmp, `case-${caseNo}`), env, logFile: join(resultsDir, `faults-${label}.log`) });
    await waitForHealth(base, server);
    const spacing = ((outageS ?? 0) * 1000) / opts.orders;
    for (let n = 0; n < opts.orders; n += 1) {
      await graphql(base, CREATE_ORDER, { input: order(caseNo * 100 + n) });
      if (spacing) await sleep(spacing);
    }
    const expected = opts.orders * 2;
    await down?.close();
    sink ??= await startSink(port);
    const back = Date.now();
    const deadline = back + 180_000;
    while (new Set(sink.ids).size < expected && Date.now() < deadline) await sleep(50);
    const seconds = (Date.now() - back) / 1000;
    await sleep(3000);
    const unique = new Set(sink.ids).size;
    const result = {
      fault: fault ?? 'none',
      outageSeconds: outageS ?? 0,
      mails: expected,
      delivered: unique,
      twice: sink.ids.length - unique,
      secondsAfterReturn: Number(seconds.toFixed(2)),
    };
    await sink.close();
    server.kill('SIGTERM');
    await server.exited;
    if (unique < expected) reportInvalid(`${label}: ${expected - unique} of ${expected} mails never arrived`, [`see bench/results/faults-${label}.log`]);
    return result;
  }

  const baseline = await runCase(null, 0);
  console.log(`baseline (no outage): ${baseline.mails} mails within ${baseline.secondsAfterReturn} s of the last order`);
  for (const fault of opts.faults) {
    for (const outage of opts.outages) {
      const r = await runCase(fault, outage);
      r.ratioToBaseline = Number((r.secondsAfterReturn / Math.max(0.05, baseline.secondsAfterReturn)).toFixed(1));
      results.push(r);
      console.log(
        `${fault.padEnd(8)} ${String(outage).padStart(3)} s: ${r.delivered}/${r.mails} delivered ${r.secondsAfterReturn} s after the return (×${r.ratioToBaseline} the baseline), ${r.twice} twice${r.secondsAfterReturn > 60 ? '  (aim: 60 s)' : ''}`,
      );
    }
  }
  writeResults('faults.json', { baseline, results, aimSeconds: 60 });
});
