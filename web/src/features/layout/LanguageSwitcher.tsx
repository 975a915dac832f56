/**
 * Links to the current page in each language. Choosing one stores the choice in the
 * `i18n_redirected` cookie for 365 days (SPEC.md §2). Plain links, so it works without script.
 */
import { serialize } from 'cookie';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { LOCALES, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale, switchLocalePath } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import styles from './SiteLayout.module.css';

/** Remembers `locale` as the visitor's language choice. */
export function rememberLocale(locale: Locale): void {
  document.cookie = serialize(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' });
}

export function LanguageSwitcher() {
  const intl = useIntl();
  const current = useLocale();
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={intl.formatMessage({ id: 'nav.language' })} className={styles.languages}>
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <Link
              to={switchLocalePath(pathname + search, locale)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? 'true' : undefined}
              onClick={() => rememberLocale(locale)}
              title={intl.formatMessage({ id: `language.${locale}` })}
            >
              {locale.toUpperCase()}
              <span className={styles.visuallyHidden}> — {intl.formatMessage({ id: `language.${locale}` })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
