/**
 * Speculation Rules for HTML-first pages (SITE-DELIVERY): a link to another document of the site
 * is prerendered when the visitor shows intent (`moderate`: hover or pointer-down), so following it
 * feels instant; cross-document view transitions (web/src/styles/global.css) animate the change.
 * Only documents are prerendered — every HTML-first page in every locale, by its path pattern
 * (URLPattern syntax, `:slug` as in the page list) — never the app's pages, the API, links marked
 * `rel=nofollow` or `data-no-prerender`. The rules travel as a file named by the
 * `Speculation-Rules` response header, so no page needs an inline script (SEC-HEADERS).
 */
import { LOCALES, localizePath } from '@studio/site/locales';
import { PAGES } from '@studio/site/pages';
import type { FastifyInstance } from 'fastify';

/** Where the rules are served. */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';
/** The `Speculation-Rules` header value: a structured-field list of one string. */
export const SPECULATION_RULES_HEADER = `"${SPECULATION_RULES_PATH}"`;

/** The rules: prerender on moderate eagerness the links to documents of every locale. */
export function speculationRules(): object {
  const documents = PAGES.filter((page) => page.htmlFirst).flatMap((page) => LOCALES.map((locale) => localizePath(`/${page.path}`, locale)));
  return {
    prerender: [
      {
        source: 'document',
        where: { and: [{ href_matches: [...new Set(documents)] }, { not: { selector_matches: '[rel~="nofollow"], [data-no-prerender]' } }] },
        eagerness: 'moderate',
      },
    ],
  };
}

/** Serves the rules (`application/speculationrules+json`, cached a day). */
export function registerSpeculationRules(app: FastifyInstance): void {
  const body = JSON.stringify(speculationRules());
  app.get(SPECULATION_RULES_PATH, (_request, reply) =>
    reply.type('application/speculationrules+json').header('cache-control', 'public, max-age=86400').send(body),
  );
}
