// Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text asset
// of the client build (JS, CSS, JSON, SVG, source maps excluded), so the server sends them as they
// are (@fastify/static `preCompressed`) instead of the uncompressed files. Runs after `vite build`.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = fileURLToPath(new URL('../dist/client/assets/', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt)$/;
let files = 0;
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const path = join(dir, name);
  if (!statSync(path).isFile()) continue;
  const data = readFileSync(path);
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  files++;
  before += data.length;
  after += br.length;
}
console.log(`precompressed ${files} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
