#!/usr/bin/env node
// The contract check of @studio/schema: validates schema.graphql, requires a description on
// everything, and diffs it against the newest frozen release in releases/ (breaking changes
// need a major version bump). `--release` freezes the package.json version. Run with --help.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLUnionType,
  Source,
  buildSchema,
  getLocation,
  parse,
  validateSchema,
} from 'graphql';
import { validateSDL } from 'graphql/validation/validate.js';
import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { compareVersions, newestRelease, parseVersion } from './versions.js';

const PACKAGE_DIR = dirname(fileURLToPath(import.meta.url));
const RELEASE_COMMAND = 'pnpm --filter @studio/schema check -- --release';

const USAGE = `Usage: node check.mjs [--validate-only | --release] [overrides]

  (no flag)          validate schema.graphql, then diff it against the newest release
  --validate-only    only validate schema.graphql (syntax, schema rules, descriptions)
  --release          run the check, then freeze schema.graphql as releases/v<version>.graphql
                     (version from package.json) and prepend an entry to CHANGELOG.md
  -h, --help         show this help

Overrides (for trying the check on copies; each also accepts --name=value):
  --schema <path>     the schema to check          (default: schema.graphql)
  --releases <dir>    the frozen releases          (default: releases/)
  --package <path>    the package.json to read "version" from (default: package.json)
  --changelog <path>  the changelog --release writes (default: CHANGELOG.md)

Exit codes: 0 passed, 1 check failed or release refused, 2 usage error.`;

class UsageError extends Error {}
class CheckFailure extends Error {}

/** Parses the command line; a bare `--` (as forwarded by `pnpm ... check -- --release`) is ignored. */
function parseArgs(argv) {
  const options = {
    validateOnly: false,
    release: false,
    help: false,
    schema: join(PACKAGE_DIR, 'schema.graphql'),
    releases: join(PACKAGE_DIR, 'releases'),
    package: join(PACKAGE_DIR, 'package.json'),
    changelog: join(PACKAGE_DIR, 'CHANGELOG.md'),
  };
  const valued = new Set(['schema', 'releases', 'package', 'changelog']);
  for (let i = 0; i < argv.length; i++) {
    const arg = /** @type {string} */ (argv[i]);
    if (arg === '--') continue;
    if (arg === '--validate-only') options.validateOnly = true;
    else if (arg === '--release') options.release = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else {
      const match = /^--([a-z]+)(?:=(.*))?$/s.exec(arg);
      if (!match || !valued.has(/** @type {string} */ (match[1]))) throw new UsageError(`unknown argument: ${arg}`);
      const name = /** @type {'schema' | 'releases' | 'package' | 'changelog'} */ (match[1]);
      const value = match[2] ?? argv[++i];
      if (value === undefined || value === '' || value === '--') throw new UsageError(`--${name} needs a value`);
      options[name] = resolve(value);
    }
  }
  if (options.validateOnly && options.release) throw new UsageError('--validate-only and --release exclude each other');
  return options;
}

/** A path as shown in messages: relative to the working directory when that is shorter. */
function show(path) {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

function readText(path, what) {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CheckFailure(`cannot read ${what} ${show(path)}: ${/** @type {Error} */ (error).message}`);
  }
}

/**
 * Builds a schema from an SDL file with `buildSchema` and validates it.
 * @returns {import('graphql').GraphQLSchema}
 * @throws {CheckFailure} listing every error with its location
 */
function buildValidSchema(path, what) {
  const source = new Source(readText(path, what), show(path));
  let schema;
  try {
    schema = buildSchema(source);
  } catch (error) {
    // buildSchema reports SDL rule violations as one unlocated Error; re-run the rules for locations.
    let errors = /** @type {{ locations?: unknown }} */ (error).locations ? [error] : [];
    if (errors.length === 0) {
      try {
        errors = [...validateSDL(parse(source))];
      } catch {
        // fall back to the original message
      }
    }
    if (errors.length === 0) errors = [error];
    throw new CheckFailure(`${what} ${show(path)} is not a valid GraphQL schema:\n\n${errors.map(String).join('\n\n')}`);
  }
  const errors = validateSchema(schema);
  if (errors.length > 0) {
    throw new CheckFailure(`${what} ${show(path)} is not a valid GraphQL schema:\n\n${errors.map(String).join('\n\n')}`);
  }
  return schema;
}

/**
 * Everything defined in the schema file that has no description: types (including interfaces,
 * enums, scalars, inputs, unions), fields, arguments, enum values, input fields and directives.
 * @param {import('graphql').GraphQLSchema} schema
 * @returns {string[]} one line per missing description, `file:line:column kind Name`
 */
function findMissingDescriptions(schema) {
  const missing = [];
  const need = (element, kind, name) => {
    if (!element.astNode) return; // built-in (String, __Schema, @deprecated, ...)
    if (typeof element.description === 'string' && element.description.trim() !== '') return;
    const loc = element.astNode.loc;
    const at = loc ? getLocation(loc.source, loc.start) : null;
    missing.push(`${at ? `${loc.source.name}:${at.line}:${at.column} ` : ''}${kind} ${name}`);
  };
  const needArgs = (args, owner) => {
    for (const arg of args) need(arg, 'argument', `${owner}(${arg.name}:)`);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const kind =
      type instanceof GraphQLInterfaceType
        ? 'interface'
        : type instanceof GraphQLObjectType
          ? 'type'
          : type instanceof GraphQLEnumType
            ? 'enum'
            : type instanceof GraphQLInputObjectType
              ? 'input'
              : type instanceof GraphQLScalarType
                ? 'scalar'
                : type instanceof GraphQLUnionType
                  ? 'union'
                  : 'type';
    need(type, kind, type.name);
    if (type instanceof GraphQLObjectType || type instanceof GraphQLInterfaceType) {
      for (const field of Object.values(type.getFields())) {
        need(field, 'field', `${type.name}.${field.name}`);
        needArgs(field.args, `${type.name}.${field.name}`);
      }
    } else if (type instanceof GraphQLInputObjectType) {
      for (const field of Object.values(type.getFields())) need(field, 'input field', `${type.name}.${field.name}`);
    } else if (type instanceof GraphQLEnumType) {
      for (const value of type.getValues()) need(value, 'enum value', `${type.name}.${value.name}`);
    }
  }
  for (const directive of schema.getDirectives()) {
    need(directive, 'directive', `@${directive.name}`);
    needArgs(directive.args, `@${directive.name}`);
  }
  return missing;
}

/** Reads and checks the "version" of package.json. */
function readPackageVersion(path) {
  let version;
  try {
    version = JSON.parse(readText(path, 'package file')).version;
  } catch (error) {
    if (error instanceof CheckFailure) throw error;
    throw new CheckFailure(`${show(path)} is not valid JSON: ${/** @type {Error} */ (error).message}`);
  }
  if (typeof version !== 'string' || !parseVersion(version)) {
    throw new CheckFailure(`${show(path)} "version" must be MAJOR.MINOR.PATCH (e.g. 1.2.0), got ${JSON.stringify(version)}`);
  }
  return version;
}

const LEVELS = [
  { level: CriticalityLevel.Breaking, label: 'BREAKING', heading: 'Breaking' },
  { level: CriticalityLevel.Dangerous, label: 'DANGEROUS', heading: 'Dangerous' },
  { level: CriticalityLevel.NonBreaking, label: 'SAFE', heading: 'Safe' },
];

/** Whether a change only touches documentation (descriptions, deprecation reasons): a patch release. */
const isDocumentationOnly = (change) => /DESCRIPTION|DEPRECATION_REASON/.test(change.type);

/** The message of a change, without graphql-inspector's escaping of quotes inside quotes. */
const messageOf = (change) => change.message.replace(/\\'/g, "'");

/** Prints the changes, grouped by criticality (breaking first). */
function printChanges(changes) {
  for (const { level, label } of LEVELS) {
    for (const change of changes.filter((c) => c.criticality.level === level)) {
      console.log(`  ${label.padEnd(9)}  ${messageOf(change)}${change.path ? `  [${change.path}]` : ''}`);
      if (level !== CriticalityLevel.NonBreaking && change.criticality.reason) {
        console.log(`  ${''.padEnd(9)}    ${change.criticality.reason}`);
      }
    }
  }
}

/** The smallest version after `from` that the changes allow (major for breaking, patch for docs only). */
function suggestVersion(from, changes) {
  const [major, minor, patch] = /** @type {[number, number, number]} */ (parseVersion(from));
  if (changes.some((c) => c.criticality.level === CriticalityLevel.Breaking)) return `${major + 1}.0.0`;
  if (changes.some((c) => !isDocumentationOnly(c))) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function today() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The CHANGELOG.md entry of a release: its changes grouped breaking / dangerous / safe. */
function changelogEntry(version, changes, first) {
  const lines = [`## ${version} (${today()})`, ''];
  if (first) lines.push('First release.', '');
  else if (changes.length === 0) lines.push('No changes to the schema (formatting or comments only).', '');
  for (const { level, heading } of LEVELS) {
    const group = changes.filter((c) => c.criticality.level === level);
    if (group.length === 0) continue;
    lines.push(`### ${heading}`, '', ...group.map((c) => `- ${messageOf(c)}`), '');
  }
  return lines.join('\n');
}

/** Inserts the entry above the newest one (the first `## ` heading), after the header. */
function prependChangelog(path, entry) {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '# Changelog\n\n';
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.startsWith('## '));
  const updated = first === -1 ? `${text.replace(/\n*$/, '\n\n')}${entry}` : [...lines.slice(0, first), ...entry.split('\n'), ...lines.slice(first)].join('\n');
  writeFileSync(path, updated);
}

async function main(options) {
  // (a) validity and descriptions of the current schema
  const schema = buildValidSchema(options.schema, 'schema');
  const missing = findMissingDescriptions(schema);
  if (missing.length > 0) {
    throw new CheckFailure(
      `${show(options.schema)}: ${missing.length} element(s) lack a description ` +
        `(the contract describes every type, field, argument and enum value):\n  ${missing.join('\n  ')}`,
    );
  }
  console.log(`✓ ${show(options.schema)} is a valid schema and everything in it is described`);
  if (options.validateOnly) return;

  // (c) diff against the newest release
  const pkgVersion = readPackageVersion(options.package);
  const newest = newestRelease(options.releases);
  const releaseCommand = options.release ? 'node check.mjs --release' : RELEASE_COMMAND;
  let changes = [];
  if (!newest) {
    if (!options.release) {
      throw new CheckFailure(
        `no release in ${show(options.releases)}/ yet: set ${show(options.package)} "version" (e.g. 1.0.0) and run \`${RELEASE_COMMAND}\``,
      );
    }
    console.log(`No release in ${show(options.releases)}/ yet: ${pkgVersion} will be the first.`);
  } else {
    const order = compareVersions(pkgVersion, newest.version);
    if (order < 0) {
      throw new CheckFailure(`${show(options.package)} version ${pkgVersion} is older than the newest release v${newest.version} (${show(newest.file)})`);
    }
    const released = buildValidSchema(newest.file, 'release');
    changes = await diff(released, schema);
    const breaking = changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking);
    if (changes.length === 0) {
      console.log(`✓ no changes since v${newest.version} (${show(newest.file)})`);
    } else {
      console.log(`Changes since v${newest.version} (${show(newest.file)}), ${changes.length}:`);
      printChanges(changes);
    }

    if (order === 0 && changes.length > 0) {
      throw new CheckFailure(
        `${show(options.schema)} changed since v${newest.version}: bump ${show(options.package)} version ` +
          `(minor for safe/dangerous changes, major for breaking) and run \`${RELEASE_COMMAND}\`` +
          ` (these changes call for ${suggestVersion(newest.version, changes)})`,
      );
    }
    if (order > 0) {
      const [pkgMajor] = /** @type {[number, number, number]} */ (parseVersion(pkgVersion));
      const [releaseMajor] = /** @type {[number, number, number]} */ (parseVersion(newest.version));
      if (breaking.length > 0 && pkgMajor <= releaseMajor) {
        throw new CheckFailure(
          `${breaking.length} breaking change(s) since v${newest.version}, but ${show(options.package)} version ` +
            `${pkgVersion} keeps major ${pkgMajor}: breaking changes need a new major version ` +
            `(${releaseMajor + 1}.0.0), or make them backwards compatible (add, deprecate, then remove in a major)`,
        );
      }
      const needed = suggestVersion(newest.version, changes);
      if (changes.length > 0 && compareVersions(pkgVersion, needed) < 0) {
        console.log(`! note: these changes usually call for ${needed} or higher (package.json says ${pkgVersion})`);
      }
      if (!options.release) {
        console.log(
          `! ${show(options.package)} version ${pkgVersion} is newer than the newest release v${newest.version}: ` +
            `\`${RELEASE_COMMAND}\` (node check.mjs --release) freezes it as releases/v${pkgVersion}.graphql`,
        );
      }
    }
  }
  if (!options.release) {
    console.log('✓ contract check passed');
    return;
  }

  // (d) freeze the release
  const target = join(options.releases, `v${pkgVersion}.graphql`);
  const text = readText(options.schema, 'schema');
  if (existsSync(target)) {
    if (readFileSync(target, 'utf8') === text) {
      console.log(`✓ v${pkgVersion} is already released and identical (${show(target)}); nothing to do`);
      return;
    }
    throw new CheckFailure(
      `${show(target)} already exists with different content: released versions are frozen; ` +
        `bump ${show(options.package)} version and run \`${releaseCommand}\` again`,
    );
  }
  writeFileSync(target, text, { flag: 'wx' });
  prependChangelog(options.changelog, changelogEntry(pkgVersion, changes, !newest));
  console.log(`✓ released v${pkgVersion}: wrote ${show(target)} and a ${show(options.changelog)} entry (${today()})`);
}

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (error) {
  console.error(`check.mjs: ${/** @type {Error} */ (error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
} else {
  try {
    await main(options);
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error; // a bug: let Node print the stack (exit 1)
    console.error(`✗ ${error.message}`);
    process.exitCode = 1;
  }
}
