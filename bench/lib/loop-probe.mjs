/**
 * A probe preloaded into a server under test (`node --import bench/lib/loop-probe.mjs main.js`,
 * with an IPC channel), so any revision of the server can be measured alike without code of its
 * own: the event loop's delay (`monitorEventLoopDelay`, 5 ms resolution; its max is the longest
 * stall) and how many pages the web app rendered (calls of `render` of
 * `web/dist/server/entry-server.js`, counted by `render-count-hooks.mjs`).
 *
 * Messages from the parent: 'reset' (zero both; answers { reset: true }) and 'report' (answers
 * { maxDelayMs, p99DelayMs, meanDelayMs, renders }). The channel does not keep the server alive.
 */
import { register } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';

register('./render-count-hooks.mjs', import.meta.url);

const RENDERS = Symbol.for('studio.bench.renders');
globalThis[RENDERS] = 0;
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();

if (process.send) {
  process.on('message', (message) => {
    if (message === 'reset') {
      delay.reset();
      globalThis[RENDERS] = 0;
      process.send({ reset: true });
    } else if (message === 'report') {
      const ms = (ns) => +(ns / 1e6).toFixed(1);
      process.send({ maxDelayMs: ms(delay.max), p99DelayMs: ms(delay.percentile(99)), meanDelayMs: ms(delay.mean), renders: globalThis[RENDERS] });
    }
  });
  process.channel?.unref();
}
