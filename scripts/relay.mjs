// Runs the Relay compiler after creating what it expects to exist: the persisted-queries file
// (generated and git-ignored). Artifacts go to __generated__/ beside each component. Extra arguments pass through
// (e.g. --watch, --validate).
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const persisted = join(root, 'web/persisted-queries.json');
if (!existsSync(persisted)) writeFileSync(persisted, '{}\n');
const bin = join(root, 'node_modules/.bin/relay-compiler');
const result = spawnSync(bin, process.argv.slice(2), { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
