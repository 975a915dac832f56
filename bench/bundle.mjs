#!/usr/bin/env node
/**
 * `pnpm bench:bundle` — what the home page's JavaScript is made of, from the built client
 * (`pnpm build` first). It follows the home page's scripts and module preloads in the Vite
 * manifest, attributes every generated character to its original source through the source
 * maps, groups sources (our ui package, Radix and its helpers, React, Relay, React Router, the
 * app, the rest) and prints each group's gzip size measured two ways:
 *  - alone: the group's code gzipped by itself (an upper bound);
 *  - marginal: total gzip minus the gzip of everything except the group (what it adds).
 * The budget of decision 0013: the ui code the home page loads (our components plus the Radix code
 * they pull in) adds at most 15 KB gzip.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { SourceMapConsumer } = require('source-map-js');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = join(root, 'web', 'dist', 'client');
const manifest = JSON.parse(readFileSync(join(clientDir, '.vite', 'manifest.json'), 'utf8'));

/** The entry chunk and its static imports: what the home page loads before any lazy route. */
function homePageFiles() {
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  visit(entryKey);
  return [...files].filter((file) => file.endsWith('.js'));
}

const GROUPS = [
  ['ui (@studio/ui)', /(^|\/)ui\/src\//],
  [
    'radix + floating-ui (pulled in by ui)',
    /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib|detect-node-es)\//,
  ],
  ['react + react-dom + scheduler', /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|scheduler)\//],
  ['relay-runtime + react-relay', /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(relay-runtime|react-relay|invariant|fbjs)\//],
  ['react-router', /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(react-router|cookie|set-cookie-parser)\//],
  ['react-intl + formatjs', /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(react-intl|@formatjs|intl-messageformat|hoist-non-react-statics)\//],
  ['app (web/src)', /^(\.\.\/)*src\//],
];
const OTHER = 'other libraries';

function groupOf(source) {
  const normalized = source.replace(/\\/g, '/');
  for (const [name, pattern] of GROUPS) if (pattern.test(normalized)) return name;
  return OTHER;
}

const parts = new Map([...GROUPS.map(([name]) => [name, []]), [OTHER, []]]);
const bySource = new Map();
let total = '';
for (const file of homePageFiles()) {
  const code = readFileSync(join(clientDir, file), 'utf8');
  total += code;
  // Vite's own helper chunks (e.g. preload-helper) have no source map: count them as other code.
  if (!existsSync(join(clientDir, `${file}.map`))) {
    parts.get(OTHER).push(code);
    continue;
  }
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(clientDir, `${file}.map`), 'utf8')));
  const lines = code.split('\n');
  const mappings = [];
  map.eachMapping((m) => mappings.push(m));
  mappings.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  for (let i = 0; i < mappings.length; i++) {
    const m = mappings[i];
    const next = mappings[i + 1];
    const line = lines[m.generatedLine - 1] ?? '';
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : line.length;
    const text = line.slice(m.generatedColumn, end);
    const group = m.source ? groupOf(m.source) : OTHER;
    parts.get(group).push(text);
    if (m.source && (group === GROUPS[0][0] || group === GROUPS[1][0])) {
      const key =
        group === GROUPS[0][0]
          ? m.source.replace(/^.*ui\/src\//, 'ui/src/')
          : (/node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(m.source)?.[1] ?? m.source);
      bySource.set(key, (bySource.get(key) ?? 0) + text.length);
    }
  }
}

const gz = (text) => gzipSync(text, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const totalGzip = gz(total);
const everything = [...parts.values()].map((p) => p.join('')).join('');
console.log(`Home page JavaScript: ${homePageFiles().join(', ')}`);
console.log(`  total ${kb(Buffer.byteLength(total))} raw, ${kb(totalGzip)} gzip\n`);
console.log('group'.padEnd(42), 'raw'.padStart(10), 'gzip alone'.padStart(12), 'gzip marginal'.padStart(14));
const results = {};
for (const [name, pieces] of parts) {
  const code = pieces.join('');
  const without = [...parts]
    .filter(([other]) => other !== name)
    .map(([, p]) => p.join(''))
    .join('');
  const marginal = gz(everything) - gz(without);
  results[name] = { raw: Buffer.byteLength(code), alone: gz(code), marginal };
  console.log(name.padEnd(42), kb(Buffer.byteLength(code)).padStart(10), kb(gz(code)).padStart(12), kb(marginal).padStart(14));
}
const ui = results[GROUPS[0][0]];
const radix = results[GROUPS[1][0]];
const uiTotal = gz([parts.get(GROUPS[0][0]), parts.get(GROUPS[1][0])].flat().join(''));
const uiMarginal =
  gz(everything) -
  gz(
    [...parts]
      .filter(([n]) => n !== GROUPS[0][0] && n !== GROUPS[1][0])
      .map(([, p]) => p.join(''))
      .join(''),
  );
console.log(
  `\nui budget (decision 0013): ui + the Radix code it pulls in adds ${kb(uiMarginal)} gzip (alone ${kb(uiTotal)}; ui ${kb(ui.marginal)}, radix ${kb(radix.marginal)}); budget 15.0 KB → ${uiMarginal <= 15 * 1024 ? 'within' : 'OVER'}`,
);
console.log('\nLargest ui modules and Radix packages on the home page (raw characters):');
for (const [source, size] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 16)) console.log(`  ${String(size).padStart(7)}  ${source}`);
