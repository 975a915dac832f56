/**
 * The one route table: a root route renders the HTML document (shell/Document.tsx); under it one
 * locale route per language (`/`, `/ru`, `/es`) loads that language's messages and renders the
 * site layout (SITE-LOCALES); under that a pathless route catches page errors inside the layout;
 * under that every page of @studio/site/pages and a catch-all that answers 404
 * "Page not found: <path>" (SITE-PAGES). The route types live in routes/types.ts, which imports
 * no page, so pages never import this table.
 */
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { data } from 'react-router';
import { LOCALES, localePrefix } from '@studio/site/locales';
import { PAGES, type PageId } from '@studio/site/pages';
import { assertAdmin } from '../features/admin/adminGate';
import { PageError } from '../features/errors/PageError';
import { homeLoader, HomePage } from '../features/home/HomePage';
import { SiteLayout } from '../features/layout/SiteLayout';
import { PlaceholderPage } from '../features/pages/PlaceholderPage';
import { loadLocaleData } from '../i18n/useLocale';
import { Document, RootError } from '../shell/Document';
import type { Loader, RouteContext, RouteHandle } from './types';

const components: Partial<Record<PageId, () => React.JSX.Element>> = {
  home: HomePage,
};

/** What a lazily loaded page module gives the route. */
interface LazyPage {
  Component: () => React.JSX.Element;
  loader?: Loader;
}

const contentPage = () => import('../features/content/ContentPage').then((m): LazyPage => ({ Component: m.ContentPage, loader: m.contentLoader }));

/**
 * Pages other than home load on demand (their own chunks: content, forms, Radix pieces), so the
 * home page stays light; a lazy page brings its loader along. The server resolves them while
 * rendering; entry-client resolves the matched ones before hydrating. A chunk that fails to load
 * lands in PageError, which asks the build watcher (SITE-BUILD).
 */
const lazyPages: Partial<Record<PageId, () => Promise<LazyPage>>> = {
  auth: () => import('../features/auth/AuthPage').then((m) => ({ Component: m.AuthPage })),
  loading: () => import('../features/auth/LoadingPage').then((m) => ({ Component: m.LoadingPage })),
  profile: () => import('../features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })),
  profileChangeName: () => import('../features/profile/ChangeNamePage').then((m) => ({ Component: m.ChangeNamePage })),
  authReset: () => import('../features/auth/ResetRequestPage').then((m) => ({ Component: m.ResetRequestPage })),
  authChangePassword: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
  authResetSuccess: () => import('../features/auth/ResetSuccessPage').then((m) => ({ Component: m.ResetSuccessPage })),
  authCancelRecovery: () => import('../features/auth/CancelRecoveryPage').then((m) => ({ Component: m.CancelRecoveryPage })),
  profileChangeEmail: () => import('../features/profile/ChangeEmailPage').then((m) => ({ Component: m.ChangeEmailPage })),
  profileSetPassword: () => import('../features/profile/SetPasswordPage').then((m) => ({ Component: m.SetPasswordPage })),
  profileChangePassword: () => import('../features/profile/ChangePasswordPage').then((m) => ({ Component: m.ChangePasswordPage })),
  faq: contentPage,
  how: contentPage,
  team: contentPage,
  techs: contentPage,
  culture: contentPage,
  privacy: contentPage,
  products: () => import('../features/products/ProductsPage').then((m) => ({ Component: m.ProductsPage, loader: m.productsLoader })),
  product: () => import('../features/products/ProductPage').then((m) => ({ Component: m.ProductPage, loader: m.productLoader })),
  news: () => import('../features/news/NewsPage').then((m) => ({ Component: m.NewsPage, loader: m.newsLoader })),
  newsItem: () => import('../features/news/NewsItemPage').then((m) => ({ Component: m.NewsItemPage, loader: m.newsItemLoader })),
  offline: () => import('../features/offline/OfflinePage').then((m) => ({ Component: m.OfflinePage })),
  order: () => import('../features/order/OrderPage').then((m) => ({ Component: m.OrderPage, loader: m.orderLoader })),
  profileRequests: () => import('../features/requests/RequestsPage').then((m) => ({ Component: m.RequestsPage })),
  profileRequest: () => import('../features/requests/RequestPage').then((m) => ({ Component: m.RequestPage })),
  profileEarnings: () => import('../features/earnings/EarningsPage').then((m) => ({ Component: m.EarningsPage })),
  profilePayouts: () => import('../features/payouts/PayoutsPage').then((m) => ({ Component: m.PayoutsPage })),
  admin: () => import('../features/admin/AdminHomePage').then((m) => ({ Component: m.AdminHomePage })),
  adminRequests: () => import('../features/admin/requests/RequestsInboxPage').then((m) => ({ Component: m.RequestsInboxPage })),
  adminRequest: () => import('../features/admin/requests/AdminRequestPage').then((m) => ({ Component: m.AdminRequestPage })),
  adminNews: () => import('../features/admin/news/NewsListPage').then((m) => ({ Component: m.NewsListPage })),
  adminNewsItem: () => import('../features/admin/news/NewsEditorPage').then((m) => ({ Component: m.NewsEditorPage })),
  adminProducts: () => import('../features/admin/products/ProductsListPage').then((m) => ({ Component: m.ProductsListPage })),
  adminProduct: () => import('../features/admin/products/ProductEditorPage').then((m) => ({ Component: m.ProductEditorPage })),
  adminUsers: () => import('../features/admin/users/UsersPage').then((m) => ({ Component: m.UsersPage })),
  adminUser: () => import('../features/admin/users/AdminUserPage').then((m) => ({ Component: m.AdminUserPage })),
  adminAudit: () => import('../features/admin/audit/AuditLogPage').then((m) => ({ Component: m.AuditLogPage })),
  adminPayouts: () => import('../features/admin/payouts/AdminPayoutsPage').then((m) => ({ Component: m.AdminPayoutsPage })),
  adminAnalytics: () => import('../features/admin/analytics/AnalyticsPage').then((m) => ({ Component: m.AnalyticsPage })),
};

/** An administrators' page's loader (ADMIN-AREA): the 404 for anyone else, then the page's own loader. */
function gated(load: Loader | undefined): Loader {
  return async (args, context, locale, page) => {
    assertAdmin(await context.viewerRole(), args);
    return load ? load(args, context, locale, page) : null;
  };
}

const loaders: Partial<Record<PageId, Loader>> = { home: homeLoader };

/** Builds the route objects; loaders read the environment from `context` when they run. */
export function createRoutes(context: RouteContext): RouteObject[] {
  const localeRoutes: RouteObject[] = LOCALES.map((locale) => ({
    id: locale,
    path: localePrefix(locale) || '/',
    caseSensitive: true,
    handle: { kind: 'locale' } satisfies RouteHandle,
    loader: () => loadLocaleData(locale),
    element: <SiteLayout />,
    children: [
      {
        id: `${locale}:pages`,
        errorElement: <PageError />,
        children: [
          ...PAGES.map((page): RouteObject => {
            const Component = components[page.id] ?? PlaceholderPage;
            const loader = loaders[page.id];
            const lazyPage = lazyPages[page.id];
            const bind = (load: Loader) => (args: LoaderFunctionArgs) => load(args, context, locale, page.id);
            // Administrators' pages fetch in the browser and have no loader of their own: their
            // static loader is the gate (a lazy route may not replace a static loader).
            const staticLoader = page.adminOnly ? gated(loader) : loader;
            const common = {
              id: `${locale}:${page.id}`,
              caseSensitive: true,
              handle: { kind: 'page', page: page.id, indexable: page.indexable } satisfies RouteHandle,
              ...(lazyPage
                ? {
                    lazy: async () => {
                      const m = await lazyPage();
                      return { Component: m.Component, ...(m.loader && !page.adminOnly ? { loader: bind(m.loader) } : {}) };
                    },
                  }
                : { element: <Component /> }),
              ...(staticLoader ? { loader: bind(staticLoader) } : {}),
            };
            return page.path === '' ? { ...common, index: true } : { ...common, path: page.path };
          }),
          {
            id: `${locale}:notFound`,
            path: '*',
            handle: { kind: 'page', page: 'notFound', indexable: false } satisfies RouteHandle,
            loader: ({ request }: LoaderFunctionArgs) => {
              throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404, statusText: 'Not Found' });
            },
            element: null,
          },
        ],
      },
    ],
  }));
  return [
    {
      id: 'root',
      handle: { kind: 'root' } satisfies RouteHandle,
      element: <Document />,
      errorElement: <RootError />,
      children: localeRoutes,
    },
  ];
}
