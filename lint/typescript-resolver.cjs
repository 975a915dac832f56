/**
 * An `import/resolver` (interface version 2, the one eslint-plugin-boundaries loads through
 * eslint-module-utils) that resolves imports the way our TypeScript does: TypeScript's own
 * `resolveModuleName` with bundler resolution, so `./x.js` finds `x.ts` (api, NodeNext),
 * extensionless paths find `.ts`/`.tsx` (web, ui), and `@studio/*` packages resolve through their
 * `exports` (`types`/`source` conditions) to the real file in the workspace (symlinks followed),
 * which boundaries then classifies as a local element. Packages from the registry resolve into
 * `node_modules` and stay external. Imports TypeScript does not model (CSS, fonts) resolve when
 * the relative file exists. Node built-ins answer `{ found: true, path: null }` like the node resolver.
 */
'use strict';
const { existsSync } = require('node:fs');
const { isBuiltin } = require('node:module');
const { dirname, resolve } = require('node:path');
const ts = require('typescript');

const options = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['source'],
  allowJs: true,
  resolveJsonModule: true,
  allowArbitraryExtensions: true,
};
const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);

exports.interfaceVersion = 2;

/**
 * @param {string} source the import specifier
 * @param {string} file the absolute path of the importing file (may be virtual, e.g. in tests)
 * @returns {{ found: boolean, path?: string | null }}
 */
exports.resolve = function resolveImport(source, file) {
  if (isBuiltin(source)) return { found: true, path: null };
  const { resolvedModule } = ts.resolveModuleName(source, file, options, ts.sys, cache);
  if (resolvedModule) return { found: true, path: resolvedModule.resolvedFileName };
  if (source.startsWith('.')) {
    const path = resolve(dirname(file), source);
    if (existsSync(path)) return { found: true, path };
  }
  return { found: false };
};
