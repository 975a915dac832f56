/**
 * The HTML document, rendered by React on the server: `<html lang>`, title, description, canonical
 * and hreflang alternates for the current page (SITE-SEO, SITE-LOCALES) and the assets. An app page
 * carries the page data script and is hydrated as a whole (`hydrateRoot(document, …)`); an
 * HTML-first page (SITE-DELIVERY) loads only its islands' scripts and carries no page data.
 */
import { IntlProvider, useIntl } from 'react-intl';
import { useContext } from 'react';
import { Outlet, UNSAFE_DataRouterStateContext, isRouteErrorResponse, useLocation, useMatches } from 'react-router';
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, type Locale, localizePath, stripLocale } from '@studio/site/locales';
import type { PageId } from '@studio/site/pages';
import { useAppContext } from '../app/context';
import { AppToasts } from '../app/toasts';
import type { Messages } from '../i18n/messages';
import { RouteLocaleProvider, useRouteLocaleData } from '../i18n/routeLocale';
import type { RouteHandle } from '../routes/types';
import { SessionProvider } from '../session/SessionProvider';
import { ThemeProvider, useTheme } from '../theme/ThemeProvider';
import { clampDescription, usePageMeta } from './meta';
import { PAGE_DATA_ID } from './pageData';
import '../styles/global.css';

/**
 * The page the head describes. When a page's loader failed (a bad slug or id answers 404, a
 * database error 500), the head describes the error page instead: its title, and `noindex`.
 * The router's errors come from its state context (the only place outside an error boundary
 * that has them; the same on the server and in the browser).
 */
function usePageInfo(): { locale: Locale; messages: Messages; page: PageId; indexable: boolean } {
  const matches = useMatches();
  const localeData = useRouteLocaleData();
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  const pageMatch = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.kind === 'page');
  const handle = pageMatch?.handle as RouteHandle | undefined;
  const error = errors ? Object.values(errors)[0] : undefined;
  const failed: PageId | null = error === undefined ? null : isRouteErrorResponse(error) && error.status === 404 ? 'notFound' : 'error';
  return {
    locale: localeData?.locale ?? DEFAULT_LOCALE,
    messages: localeData?.messages ?? {},
    page: failed ?? handle?.page ?? 'notFound',
    indexable: failed ? false : (handle?.indexable ?? false),
  };
}

/** Open Graph locale names (`og:locale`). */
const OG_LOCALES: Record<Locale, string> = { en: 'en_US', ru: 'ru_RU', es: 'es_ES' };

/** JSON for an inline `application/ld+json` block: `<` escaped so the text cannot close the element. */
function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function Head(props: { page: PageId; indexable: boolean; locale: Locale }) {
  const intl = useIntl();
  const app = useAppContext();
  const meta = usePageMeta();
  const { pathname } = useLocation();
  const site = app.siteName;
  const heading = meta?.title ?? intl.formatMessage({ id: `page.${props.page}.title` }, { site });
  const title = props.page === 'home' || heading.includes(site) ? heading : `${heading} · ${site}`;
  const description = clampDescription(meta?.description ?? intl.formatMessage({ id: `page.${props.page}.description` }, { site }));
  const unprefixed = stripLocale(pathname);
  const url = (locale: Locale) => `${app.publicUrl}${localizePath(meta?.alternates?.[locale] ?? unprefixed, locale)}`;
  const canonical = `${app.publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
  const image = `${app.publicUrl}/og-image.png`;
  const jsonLd = [...(meta?.jsonLd ?? [])];
  if (props.page === 'home') {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: site,
      url: `${app.publicUrl}/`,
      logo: `${app.publicUrl}/favicon.svg`,
      description,
    });
  }
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={description} />
      {props.indexable ? null : <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={url(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={url(DEFAULT_LOCALE)} />
      <meta property="og:site_name" content={site} />
      <meta property="og:type" content={meta?.type ?? 'website'} />
      <meta property="og:title" content={heading} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:locale" content={OG_LOCALES[props.locale]} />
      {LOCALES.filter((l) => l !== props.locale).map((l) => (
        <meta key={l} property="og:locale:alternate" content={OG_LOCALES[l]} />
      ))}
      {meta?.published ? <meta property="article:published_time" content={meta.published} /> : null}
      {meta?.modified ? <meta property="article:modified_time" content={meta.modified} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={heading} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      {jsonLd.map((block, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(block) }} />
      ))}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {(app.assets.fonts ?? [])
        .filter((href) => props.locale === 'ru' || !href.includes('cyrillic'))
        .map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
      {app.assets.styles.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      <Scripts page={props.page} />
    </>
  );
}

/** The page's module scripts and their preloads: the app's, or a document's islands (the order form's on /order only). */
function Scripts({ page }: { page: PageId }) {
  const app = useAppContext();
  const islands = app.assets.islands;
  const documentIslands = islands ? [islands.main, ...(page === 'order' ? [islands.order] : [])] : [];
  const scripts = app.delivery === 'document' ? documentIslands.map((island) => island.script) : app.assets.scripts;
  const preloads = app.delivery === 'document' ? [...new Set(documentIslands.flatMap((island) => island.preloads))] : app.assets.preloads;
  return (
    <>
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {scripts.map((src) => (
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
    <RouteLocaleProvider>
      <IntlProvider locale={tag} defaultLocale="en-US" messages={info.messages}>
        <html
          lang={tag}
          data-theme={choice ?? undefined}
          data-analytics={app.analytics ? 'on' : undefined}
          data-delivery={app.delivery === 'document' ? 'document' : undefined}
          data-build-poll={app.delivery === 'document' ? app.buildPollIntervalMs : undefined}
        >
          <head>
            <Head page={info.page} indexable={info.indexable} locale={info.locale} />
          </head>
          <body>
            <SessionProvider initialSignedIn={app.signedIn} environmentRef={app.environmentRef} webSocketUrl={app.webSocketUrl}>
              {/* The app's toasts (FEEDBACK-TOAST); a document is never hydrated, so it has none. */}
              {app.delivery === 'app' ? (
                <AppToasts>
                  <Outlet />
                </AppToasts>
              ) : (
                <Outlet />
              )}
            </SessionProvider>
            {app.delivery === 'app' ? <script id={PAGE_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: app.dataJson }} /> : null}
          </body>
        </html>
      </IntlProvider>
    </RouteLocaleProvider>
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
