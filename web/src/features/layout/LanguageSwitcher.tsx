/**
 * The language choice (SITE-LOCALES). Choosing a language stores it in the `i18n_redirected`
 * cookie for 365 days and opens the current page in that language.
 * - `LanguageSelect`: the header's compact select — the browser's own <select> (NativeSelect), so
 *   the switcher on every page costs no script of its own (docs/decisions/0013);
 * - `LanguageMenu`: the header's switcher on HTML-first pages (SITE-DELIVERY): a disclosure
 *   (`<details>`) of links, which works without script; the main island stores the choice;
 * - `LanguageList`: the phone header menu's links to the page in each language by full name
 *   ("Español", "Русский"), one per row, never clipped; they work without script;
 * - `LanguageLinks`: plain links to the page in each language (footer), which work without script
 *   and tell crawlers about the alternates.
 */
import { Link as UiLink, NativeSelect } from '@studio/ui';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { LOCALES, type Locale, switchLocalePath } from '../../i18n/locales';
import { rememberLocale } from '../../i18n/localeCookie';
import { useLocale } from '../../i18n/useLocale';
import styles from './SiteLayout.module.css';

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The current page in each language: its address, the language's own name, and the attributes every language link carries. */
function useLanguageLinks() {
  const intl = useIntl();
  const current = useLocale();
  const { pathname, search } = useLocation();
  return LOCALES.map((locale) => ({
    locale,
    href: switchLocalePath(pathname + search, locale),
    name: intl.formatMessage({ id: `language.${locale}` }),
    attributes: { hrefLang: locale, lang: locale, 'aria-current': locale === current ? ('true' as const) : undefined },
  }));
}

/** The header's language select: stores the choice and opens the current page in that language. */
export function LanguageSelect() {
  const intl = useIntl();
  const current = useLocale();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const options = LOCALES.map((locale) => ({ value: locale, label: intl.formatMessage({ id: `language.${locale}` }), lang: locale }));
  return (
    <NativeSelect
      size="sm"
      hideLabel
      label={intl.formatMessage({ id: 'nav.language' })}
      options={options}
      value={current}
      onValueChange={(value) => {
        if (!isLocale(value) || value === current) return;
        rememberLocale(value);
        navigate(switchLocalePath(pathname + search, value));
      }}
    />
  );
}

/** The header's language links in a disclosure (HTML-first pages): the current language's code, then every language by name. */
export function LanguageMenu() {
  const intl = useIntl();
  const current = useLocale();
  const links = useLanguageLinks();
  return (
    <details className={styles.languageMenu} data-island="language-menu">
      <summary aria-label={intl.formatMessage({ id: 'nav.language' })} title={intl.formatMessage({ id: 'nav.language' })}>
        <span aria-hidden="true">{current.toUpperCase()}</span>
      </summary>
      <ul>
        {links.map((link) => (
          <li key={link.locale}>
            <a href={link.href} {...link.attributes}>
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The phone menu's languages: a labelled list of links to the current page in each language, by full name. */
export function LanguageList() {
  const intl = useIntl();
  const links = useLanguageLinks();
  const label = intl.formatMessage({ id: 'nav.language' });
  return (
    <div role="group" aria-label={label} className={styles.languageList}>
      <p className={styles.languageListTitle} aria-hidden="true">
        {label}
      </p>
      <ul>
        {links.map((link) => (
          <li key={link.locale}>
            <Link to={link.href} {...link.attributes} onClick={() => rememberLocale(link.locale)}>
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Links to the current page in each language (footer); they work without script. */
export function LanguageLinks() {
  const intl = useIntl();
  const links = useLanguageLinks();
  return (
    <nav aria-label={intl.formatMessage({ id: 'nav.language' })} className={styles.languages}>
      <ul>
        {links.map((link) => (
          <li key={link.locale}>
            <UiLink asChild variant="subtle">
              <Link to={link.href} {...link.attributes} onClick={() => rememberLocale(link.locale)} title={link.name}>
                {link.locale.toUpperCase()}
                <span className={styles.visuallyHidden}> — {link.name}</span>
              </Link>
            </UiLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
