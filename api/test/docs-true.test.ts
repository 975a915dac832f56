/**
 * The docs state facts that this test checks, so they cannot drift from the code:
 * - every setting the server reads (`envSchema` in api/src/platform/settings.ts) is listed in `.env.example`,
 *   which the README says lists them all;
 * - every folder of api/src is named in the README's layout;
 * - every repository path that docs/product.md names exists (a `*` in it is a wildcard).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/platform/config.js';
import { envSchema } from '../src/platform/settings.js';
import { PAGES } from '@studio/site/pages';
import { MAIL_TEMPLATES } from '../src/platform/mail/templates.js';

const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

/** Whether `path` (relative to the repository; `*` or a `<placeholder>` matching within one name) names something that exists. */
function exists(given: string): boolean {
  const path = given.replace(/<[^>/]+>/g, '*');
  if (!path.includes('*')) return existsSync(join(repoRoot, path));
  const folder = join(repoRoot, dirname(path));
  if (!existsSync(folder)) return false;
  const name = new RegExp(
    `^${basename(path)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')}$`,
  );
  return readdirSync(folder).some((entry) => name.test(entry));
}

describe('docs kept true', () => {
  it('.env.example lists every setting of api/src/platform/settings.ts', () => {
    const example = read('.env.example');
    const listed = new Set([...example.matchAll(/(?:^#\s*|\/\s*)([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const missing = Object.keys(envSchema.shape).filter((name) => !listed.has(name));
    expect(missing, 'settings missing from .env.example').toEqual([]);
  });

  it('the README layout names every folder of api/src, every module and every platform folder', () => {
    const readme = read('README.md');
    const layout = readme.slice(readme.indexOf('## Layout'));
    const foldersOf = (...path: string[]) =>
      readdirSync(join(repoRoot, 'api', 'src', ...path), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    const folders = [...foldersOf(), ...foldersOf('modules'), ...foldersOf('platform')];
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((folder) => !new RegExp(`\\b${folder}/`).test(layout))).toEqual([]);
  });

  it('every repository path docs/product.md names exists', () => {
    const text = read('docs/product.md');
    const paths = [...text.matchAll(/`((?:api|web|site|ui|e2e|testing|schema|bench|scripts|deploy|docs|content|lint)\/[^`\s]*)`/g)].map((match) =>
      match[1]!.replace(/[.,;:)]+$/, ''),
    );
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it('SITE-PAGES counts and names every page of site/src/pages.ts', () => {
    const text = read('docs/product.md');
    const rule = text.slice(text.indexOf('### SITE-PAGES'), text.indexOf('### SITE-SEO'));
    expect(rule).toContain(`The site has ${PAGES.length} pages`);
    const named = new Set([...rule.matchAll(/`([a-z][\w/:-]*)`/g)].map((match) => match[1]));
    expect(PAGES.filter((page) => page.path !== '' && !named.has(page.path)).map((page) => page.path)).toEqual([]);
  });

  it('SITE-CATALOGUE counts and names every product file of content/products', () => {
    const text = read('docs/product.md');
    const rule = text.slice(text.indexOf('### SITE-CATALOGUE'), text.indexOf('### SITE-NEWS'));
    const slugs = readdirSync(join(repoRoot, 'content', 'products'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length));
    expect(slugs.length).toBeGreaterThan(0);
    expect(rule).toContain(`The catalogue has ${slugs.length} products`);
    expect(slugs.filter((slug) => !new RegExp(`[\\s,:]${slug}[,.]`).test(rule))).toEqual([]);
  });

  it('the mail rule counts the templates of api/src/platform/mail/templates.ts', () => {
    expect(read('docs/product.md')).toContain(`Every mail (${MAIL_TEMPLATES.length} templates, \`MAIL_TEMPLATES\``);
  });
});
