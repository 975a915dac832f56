/**
 * Module hooks of `loop-probe.mjs`: the web app's server entry (`…/web/dist/server/entry-server.js`)
 * is replaced by a module that re-exports it and counts each call of its `render` in
 * `globalThis[Symbol.for('studio.bench.renders')]` of the server's main thread.
 */
const ENTRY = /\/web\/dist\/server\/entry-server\.js$/;

export async function load(url, context, nextLoad) {
  if (!ENTRY.test(url)) return nextLoad(url, context);
  const original = JSON.stringify(`${url}?bench-original`);
  const source =
    `import * as entry from ${original};\nexport * from ${original};\n` +
    `export async function render(request) {\n` +
    `  globalThis[Symbol.for('studio.bench.renders')] = (globalThis[Symbol.for('studio.bench.renders')] ?? 0) + 1;\n` +
    `  return entry.render(request);\n}\n`;
  return { format: 'module', source, shortCircuit: true };
}
