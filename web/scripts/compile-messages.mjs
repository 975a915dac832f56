// Compiles the message catalogues (src/i18n/messages/<locale>.json, ICU MessageFormat) to
// formatjs ASTs: src/i18n/compiled/<locale>.json (bundled for SSR) and
// public/_i18n/<locale>/messages.json (served at /_i18n/<locale>/messages.json).
import { execFileSync } from 'node:child_process';
import { mkdirSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@studio/site/locales';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(web, 'node_modules', '.bin', 'formatjs');
mkdirSync(join(web, 'src/i18n/compiled'), { recursive: true });
for (const locale of LOCALES) {
  const out = join(web, 'src/i18n/compiled', `${locale}.json`);
  execFileSync(bin, ['compile', join(web, 'src/i18n/messages', `${locale}.json`), '--ast', '--format', 'simple', '--out-file', out], { stdio: 'inherit' });
  const pub = join(web, 'public/_i18n', locale, 'messages.json');
  mkdirSync(dirname(pub), { recursive: true });
  copyFileSync(out, pub);
}
