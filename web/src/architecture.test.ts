/**
 * The web app's folder rules, checked on the real import graph of web/src (product modules; tests
 * and generated Relay artifacts are left out, as nothing imports them):
 * - no import cycle between modules;
 * - imports only go down the layers: entry-*.tsx and islands/ → shell/, routes/ → features/ → shared modules
 *   (account/, session/, relay/, i18n/, app/, theme/, forms/, sw/, routes/types.ts) → packages;
 * - no cycle between folders either (session ⇄ relay, shell ⇄ routes, one feature ⇄ another): a
 *   folder that imports another is never imported back by it; what several features share lives
 *   below them (account/, app/);
 * - the Relay environment takes a token provider and imports no session module; features never
 *   import the token functions (session/tokens) — they call session/authorizedFetch.
 * The last test feeds the checker a graph with such imports added, so it is known to fail on them.
 * Import specifiers are read with TypeScript's own pre-processor (static, type-only and dynamic imports).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = __dirname;

/** Layer of a module group: a module may import only groups of the same or a lower layer. */
const LAYERS: [pattern: RegExp, group: (path: string) => string, layer: number][] = [
  [/^entry-(client|server)\.tsx$/, () => 'entry', 4],
  // The islands of HTML-first pages are entries too (SITE-DELIVERY).
  [/^islands\//, () => 'islands', 4],
  [/^routes\/types\.ts$/, () => 'routes/types', 1],
  [/^(shell|routes)\//, (path) => path.split('/')[0]!, 3],
  // Each feature is a group of its own, so two features that import each other are a folder cycle.
  [/^features\//, (path) => `features/${path.split('/')[1]}`, 2],
  [/^(session|relay|i18n|app|theme|forms|sw|styles|analytics|account)\//, (path) => path.split('/')[0]!, 1],
];

/** Group and layer of a module path (relative to src, '/'-separated); throws for a module in no layer. */
export function layerOf(path: string): { group: string; layer: number } {
  for (const [pattern, group, layer] of LAYERS) if (pattern.test(path)) return { group: group(path), layer };
  throw new Error(`${path} is in no layer: add its folder to LAYERS in architecture.test.ts`);
}

/** Module → the modules it imports, both relative to src. */
export type ImportGraph = Map<string, Set<string>>;

function productModules(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    // test/ holds the component tests' harness, which may reach every layer, like the tests themselves.
    if (statSync(path).isDirectory()) return name === '__generated__' || name === 'compiled' || path === join(SRC, 'test') ? [] : productModules(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The TypeScript module a relative specifier names, or null. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

/** The import graph of web/src's product modules (package imports are left out). */
export function readImportGraph(root: string = SRC): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of productModules(root)) {
    const imports = new Set<string>();
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      // Packages, and assets built elsewhere (compiled message catalogues), are no modules of ours.
      if (!fileName.startsWith('.') || /\.(json|css)$/.test(fileName)) continue;
      const target = resolveSpecifier(file, fileName);
      if (!target) throw new Error(`${relative(root, file)}: cannot resolve ${fileName}`);
      imports.add(relative(root, target).split('\\').join('/'));
    }
    graph.set(relative(root, file).split('\\').join('/'), imports);
  }
  return graph;
}

/** Strongly connected components with more than one member (Tarjan), each sorted. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Every broken rule of `graph`, as readable lines; empty when the graph keeps the rules. */
export function violations(graph: ImportGraph): string[] {
  const problems: string[] = [];
  const groups = new Map<string, Set<string>>();
  for (const [from, imports] of graph) {
    const source = layerOf(from);
    for (const to of imports) {
      const target = layerOf(to);
      if (target.layer > source.layer) problems.push(`upward import: ${from} → ${to}`);
      if (target.group !== source.group) {
        if (!groups.has(source.group)) groups.set(source.group, new Set());
        groups.get(source.group)!.add(target.group);
      }
      if (source.group === 'relay' && target.group === 'session') problems.push(`relay imports session (it takes a token provider): ${from} → ${to}`);
      if (source.group.startsWith('features/') && to === 'session/tokens.ts') problems.push(`a feature imports token functions (use authorizedFetch): ${from}`);
    }
  }
  for (const cycle of cycles(graph)) problems.push(`module cycle: ${cycle.join(' ⇄ ')}`);
  for (const cycle of cycles(groups)) problems.push(`folder cycle: ${cycle.join(' ⇄ ')}`);
  return problems;
}

describe('web architecture', () => {
  const graph = readImportGraph();

  it('reads the real graph', () => {
    expect(graph.size).toBeGreaterThan(60);
    expect(graph.get('entry-client.tsx')?.size).toBeGreaterThan(3);
  });

  it('has no import cycle, no upward import and no folder cycle', () => {
    expect(violations(graph)).toEqual([]);
  });

  it('fails when two features import each other', () => {
    const broken: ImportGraph = new Map([...graph].map(([from, imports]) => [from, new Set(imports)]));
    expect(graph.get('features/profile/BalanceBlock.tsx')).toContain('features/earnings/index.ts');
    broken.get('features/earnings/EarningsPage.tsx')!.add('features/profile/ProfilePage.tsx');
    expect(violations(broken)).toEqual([expect.stringMatching(/^folder cycle: .*features\/earnings ⇄ .*features\/profile/)]);
  });

  it('fails when such an import is added', () => {
    const broken: ImportGraph = new Map([...graph].map(([from, imports]) => [from, new Set(imports)]));
    const add = (from: string, to: string) => broken.get(from)!.add(to);
    const feature = [...graph.keys()].find((path) => path.startsWith('features/'))!;
    add(feature, 'routes/table.tsx');
    add(feature, 'session/tokens.ts');
    add('relay/environment.ts', 'session/tokens.ts');
    add('i18n/useLocale.ts', 'shell/Document.tsx');
    expect(violations(broken)).toEqual(
      expect.arrayContaining([
        `upward import: ${feature} → routes/table.tsx`,
        `a feature imports token functions (use authorizedFetch): ${feature}`,
        'relay imports session (it takes a token provider): relay/environment.ts → session/tokens.ts',
        'upward import: i18n/useLocale.ts → shell/Document.tsx',
        expect.stringMatching(/^module cycle: .*routes\/table\.tsx/),
        expect.stringMatching(/^folder cycle: .*relay.*session/),
      ]),
    );
  });
});
