/**
 * Loads an informational page's content file (`content/pages/<page>/<locale>.json`, see
 * content/README.md and docs/decisions/0014). Vite turns every file into its own small chunk,
 * so a page loads only its own text in its own language.
 */
import type { Locale } from '../../i18n/locales';
import type { PageContent } from './types';

const files = import.meta.glob<{ default: PageContent }>('../../../../content/pages/*/*.json');

/** The pages that have content files (faq, how, team, techs, culture, privacy). */
export const CONTENT_PAGES = [...new Set(Object.keys(files).map((path) => path.split('/').at(-2) ?? ''))].sort();

/**
 * The content of `page` in `locale`.
 * @throws Error when the page has no content file in that locale (a deployment mistake: 500).
 */
export async function loadPageContent(page: string, locale: Locale): Promise<PageContent> {
  const load = files[`../../../../content/pages/${page}/${locale}.json`];
  if (!load) throw new Error(`No content file content/pages/${page}/${locale}.json`);
  return (await load()).default;
}
