/**
 * The HTML document, rendered by React on the server and hydrated as a whole in the browser
 * (`hydrateRoot(document, …)`): `<html lang>`, title, description, canonical and hreflang
 * alternates for the current page (SPEC.md §2), the assets, and the page data script.
 */
import { IntlProvider, useIntl } from 'react-intl';
import { Outlet, useLocation, useMatches } from 'react-router';
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, type Locale, localizePath, stripLocale } from '../i18n/locales';
import type { Messages } from '../i18n/messages';
import type { PageId, RouteHandle } from '../routes/pages';
import { SessionProvider } from '../session/SessionProvider';
import { ThemeProvider, useTheme } from '../theme/ThemeProvider';
import { useLocaleData } from '../i18n/useLocale';
import { PAGE_DATA_ID, useAppContext } from './pageData';
import '../styles/global.css';

function usePageInfo(): { locale: Locale; messages: Messages; page: PageId; indexable: boolean } {
  const matches = useMatches();
  const localeData = useLocaleData();
  const pageMatch = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.kind === 'page');
  const handle = pageMatch?.handle as RouteHandle | undefined;
  return {
    locale: localeData?.locale ?? DEFAULT_LOCALE,
    messages: localeData?.messages ?? {},
    page: handle?.page ?? 'notFound',
    indexable: handle?.indexable ?? false,
  };
}

function Head(props: { page: PageId; indexable: boolean }) {
  const intl = useIntl();
  const app = useAppContext();
  const { pathname } = useLocation();
  const site = app.siteName;
  const heading = intl.formatMessage({ id: `page.${props.page}.title` }, { site });
  const title = props.page === 'home' || heading.includes(site) ? heading : `${heading} · ${site}`;
  const unprefixed = stripLocale(pathname);
  const url = (locale: Locale) => `${app.publicUrl}${localizePath(unprefixed, locale)}`;
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={intl.formatMessage({ id: `page.${props.page}.description` }, { site })} />
      {props.indexable ? null : <meta name="robots" content="noindex" />}
      <link rel="canonical" href={`${app.publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`} />
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={url(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={url(DEFAULT_LOCALE)} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {app.assets.styles.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {app.assets.preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {app.assets.scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </>
  );
}

/** The root route's element. */
export function Document() {
  const app = useAppContext();
  return (
    <ThemeProvider initialChoice={app.theme}>
      <DocumentContent />
    </ThemeProvider>
  );
}

function DocumentContent() {
  const app = useAppContext();
  const info = usePageInfo();
  const { choice } = useTheme();
  const tag = LOCALE_TAGS[info.locale];
  return (
    <IntlProvider locale={tag} defaultLocale="en-US" messages={info.messages}>
      <html lang={tag} data-theme={choice ?? undefined}>
        <head>
          <Head page={info.page} indexable={info.indexable} />
        </head>
        <body>
          <SessionProvider initialSignedIn={app.signedIn} environmentRef={app.environmentRef} webSocketUrl={app.webSocketUrl}>
            <Outlet />
          </SessionProvider>
          <script id={PAGE_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: app.dataJson }} />
        </body>
      </html>
    </IntlProvider>
  );
}

/** Last-resort error document (the locale's messages could not even be loaded). */
export function RootError() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Internal Server Error</title>
      </head>
      <body>
        <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
          <h1>Internal Server Error</h1>
          <p>
            <a href="/">Home</a>
          </p>
        </main>
      </body>
    </html>
  );
}
