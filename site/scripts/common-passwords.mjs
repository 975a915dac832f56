#!/usr/bin/env node
// Writes common-passwords.txt: the passwords of @zxcvbn-ts/language-common's ranked "passwords-common"
// list (most used first) that the length rule alone would let through (8–128 characters), lower-case,
// one per line. The server and the browser refuse exactly these (src/passwords.ts, OWASP ASVS 5.0 §6.2.4).
// `--check` fails when the committed file differs from what the library gives (run by `pnpm test`).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from '../dist/passwords.js';

const target = fileURLToPath(new URL('../common-passwords.txt', import.meta.url));
const seen = new Set();
for (const entry of dictionary['passwords-common']) {
  const word = entry.toLowerCase();
  if (word.length >= PASSWORD_MIN && word.length <= PASSWORD_MAX) seen.add(word);
}
const text = `${[...seen].join('\n')}\n`;

if (process.argv.includes('--check')) {
  if (readFileSync(target, 'utf8') !== text) {
    console.error('✗ site/common-passwords.txt is out of date: run `pnpm --filter @studio/site build && node site/scripts/common-passwords.mjs`');
    process.exit(1);
  }
  console.log(`✓ common-passwords.txt matches @zxcvbn-ts/language-common (${seen.size} passwords)`);
} else {
  writeFileSync(target, text);
  console.log(`wrote ${seen.size} passwords to ${target}`);
}
