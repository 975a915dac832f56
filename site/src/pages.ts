/**
 * Every page of the site, once (product rule SITE-PAGES). The web route table mounts each of them
 * unprefixed (en) and under /ru and /es; the api derives from it the sitemap, the pages sent with
 * `Referrer-Policy: no-referrer` and the cacheable ones; e2e walks it.
 *
 * - `id` names the page's messages (`page.<id>.title`, `page.<id>.description`);
 * - `indexable` pages are public, cacheable and listed in the sitemap; the others (account
 *   screens, /loading) are served with `noindex`;
 * - `secretInUrl` pages receive a secret in their address (a reset token, a one-time social code),
 *   so they are sent with `Referrer-Policy: no-referrer` (product rule ACC-RESET, AUTH-SOCIAL);
 * - `adminOnly` pages (the back-office under /admin) exist only for administrators: everyone else
 *   gets the 404 page, on the server and in the browser (ADMIN-AREA);
 * - `htmlFirst` pages are delivered as documents (SITE-DELIVERY, decision 0039): rendered on the
 *   server like every page, never hydrated, the same bytes for every visitor (signed in or not);
 *   small islands make their interactive parts work. The others are the single-page app.
 */
import { localizePath, LOCALES, stripLocale, type Locale } from './locales.js';

export type PageId =
  | 'home'
  | 'faq'
  | 'how'
  | 'team'
  | 'order'
  | 'techs'
  | 'culture'
  | 'privacy'
  | 'loading'
  | 'news'
  | 'newsItem'
  | 'auth'
  | 'authReset'
  | 'authResetSuccess'
  | 'authChangePassword'
  | 'authCancelRecovery'
  | 'profile'
  | 'profileChangeName'
  | 'profileChangeEmail'
  | 'profileSetPassword'
  | 'profileChangePassword'
  | 'products'
  | 'product'
  | 'notFound'
  | 'error'
  | 'offline'
  | 'profileRequests'
  | 'profileRequest'
  | 'profileEarnings'
  | 'profilePayouts'
  | 'admin'
  | 'adminRequests'
  | 'adminRequest'
  | 'adminNews'
  | 'adminNewsItem'
  | 'adminProducts'
  | 'adminProduct'
  | 'adminUsers'
  | 'adminUser'
  | 'adminAudit'
  | 'adminPayouts'
  | 'adminAnalytics';

export interface PageDef {
  id: PageId;
  /** The path without locale prefix and without the leading '/' ('' for home); `:name` is a parameter. */
  path: string;
  indexable: boolean;
  secretInUrl: boolean;
  adminOnly: boolean;
  htmlFirst: boolean;
}

const page = (id: PageId, path: string, flags: { indexable?: boolean; secretInUrl?: boolean; adminOnly?: boolean; htmlFirst?: boolean } = {}): PageDef => ({
  id,
  path,
  indexable: flags.indexable ?? false,
  secretInUrl: flags.secretInUrl ?? false,
  adminOnly: flags.adminOnly ?? false,
  htmlFirst: flags.htmlFirst ?? false,
});
const PUBLIC = { indexable: true, htmlFirst: true };
const ADMIN = { adminOnly: true };

export const PAGES: readonly PageDef[] = [
  page('home', '', PUBLIC),
  page('faq', 'faq', PUBLIC),
  page('how', 'how', PUBLIC),
  page('team', 'team', PUBLIC),
  page('order', 'order', PUBLIC),
  page('techs', 'techs', PUBLIC),
  page('culture', 'culture', PUBLIC),
  page('privacy', 'privacy', PUBLIC),
  page('loading', 'loading', { secretInUrl: true }),
  // The service worker's offline fallback (SITE-SW): not indexable, a document (never hydrated).
  page('offline', 'offline', { htmlFirst: true }),
  page('news', 'news', PUBLIC),
  page('newsItem', 'news/:slug', PUBLIC),
  page('auth', 'auth'),
  page('authReset', 'auth/reset'),
  page('authResetSuccess', 'auth/reset-success'),
  page('authChangePassword', 'auth/change-password', { secretInUrl: true }),
  // ACC-2FA-RECOVERY: the cancel link of the e-mail recovery of a lost authenticator.
  page('authCancelRecovery', 'auth/cancel-recovery', { secretInUrl: true }),
  page('profile', 'profile'),
  page('profileChangeName', 'profile/change-name'),
  page('profileChangeEmail', 'profile/change-email'),
  page('profileSetPassword', 'profile/set-password'),
  page('profileChangePassword', 'profile/change-password'),
  page('products', 'products', PUBLIC),
  page('product', 'products/:slug', PUBLIC),
  page('profileRequests', 'profile/requests'),
  page('profileRequest', 'profile/requests/:reference'),
  page('profileEarnings', 'profile/earnings'),
  page('profilePayouts', 'profile/payouts'),
  page('admin', 'admin', ADMIN),
  page('adminRequests', 'admin/requests', ADMIN),
  page('adminRequest', 'admin/requests/:reference', ADMIN),
  page('adminNews', 'admin/news', ADMIN),
  page('adminNewsItem', 'admin/news/:id', ADMIN),
  page('adminProducts', 'admin/products', ADMIN),
  page('adminProduct', 'admin/products/:slug', ADMIN),
  page('adminUsers', 'admin/users', ADMIN),
  page('adminUser', 'admin/users/:id', ADMIN),
  page('adminAudit', 'admin/audit', ADMIN),
  page('adminPayouts', 'admin/payouts', ADMIN),
  page('adminAnalytics', 'admin/analytics', ADMIN),
];

/** The unprefixed path ('/faq', '/' for home) of a page without parameters. */
export function pagePath(def: PageDef): string {
  return `/${def.path}`;
}

/** The public pages without parameters, unprefixed: '/', '/faq', …, '/news', '/products' (the sitemap's fixed part). */
export const PUBLIC_PATHS: readonly string[] = PAGES.filter((def) => def.indexable && !def.path.includes(':')).map(pagePath);

/** The page definition a pathname (any locale, trailing slash allowed) belongs to, or null. */
export function pageOfPath(pathname: string): PageDef | null {
  const path = stripLocale(pathname)
    .replace(/(.)\/$/, '$1')
    .slice(1)
    .split('/');
  return (
    PAGES.find((def) => {
      const parts = def.path.split('/');
      return parts.length === path.length && parts.every((part, i) => (part.startsWith(':') ? path[i] !== '' : part === path[i]));
    }) ?? null
  );
}

/** Whether the page at `pathname` is an administrators' page (ADMIN-AREA). */
export function isAdminPath(pathname: string): boolean {
  return pageOfPath(pathname)?.adminOnly ?? false;
}

/**
 * Whether `pathname` is delivered as a document (see `PageDef.htmlFirst`): a public page, or a path
 * no page claims (its 404 needs no script either).
 */
export function isHtmlFirstPath(pathname: string): boolean {
  return pageOfPath(pathname)?.htmlFirst ?? true;
}

/** Whether the page at `pathname` receives a secret in its address (see `PageDef.secretInUrl`). */
export function hasSecretInUrl(pathname: string): boolean {
  return pageOfPath(pathname)?.secretInUrl ?? false;
}

/** `path` (unprefixed) in each locale: ('/faq') → { en: '/faq', ru: '/ru/faq', es: '/es/faq' }. */
export function localizedPaths(path: string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, localizePath(path, locale)])) as Record<Locale, string>;
}
