#!/usr/bin/env node
/**
 * Summarizes a V8 CPU profile (`node --cpu-prof`, as written by `node bench/run.mjs --cpu-prof`):
 * the functions with the most self time, and self time per package / area.
 *
 *   node bench/profile-summary.mjs [file.cpuprofile] [--top=25]
 *
 * Without a file it reads the newest profile in bench/results/profiles/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
let file = args.find((a) => !a.startsWith('--'));
if (!file) {
  const dir = join(root, 'bench', 'results', 'profiles');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .sort((x, y) => statSync(y).mtimeMs - statSync(x).mtimeMs);
  if (!files.length) throw new Error(`no .cpuprofile in ${dir}`);
  file = files[0];
}

const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + dt);
  total += dt;
}

function where(url) {
  if (!url) return '';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) return path.slice(nm + '/node_modules/'.length);
  return path.startsWith('/') ? relative(root, path) : path;
}
function area(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native / V8 builtins)';
  if (url.startsWith('node:')) return 'node core';
  const path = url.replace(/^file:\/\//, '');
  const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path.slice(path.lastIndexOf('/node_modules/')));
  if (m) return m[1];
  return relative(root, path).split('/').slice(0, 2).join('/');
}

const fns = new Map();
const areas = new Map();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const name = functionName || '(anonymous)';
  const key = `${name}  ${where(url)}${url ? `:${lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const a = area(url, name);
  areas.set(a, (areas.get(a) ?? 0) + us);
}

const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
const ms = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms`;
console.log(`${relative(process.cwd(), file)}: ${(total / 1e6).toFixed(1)} s sampled\n`);
console.log(`Top ${top} functions by self time:`);
for (const [k, us] of [...fns].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${pct(us)} ${ms(us)}  ${k}`);
console.log(`\nSelf time by package / area:`);
for (const [k, us] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, 20)) console.log(`${pct(us)} ${ms(us)}  ${k}`);
