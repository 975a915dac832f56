/**
 * The one route table (DESIGN.md §8): a root route renders the HTML document; under it one
 * locale route per language (`/`, `/ru`, `/es`) loads that language's messages and renders the
 * site layout; under that a pathless route catches page errors inside the layout; under that
 * every page of routes/pages.ts and a catch-all that answers 404 "Page not found: <path>".
 */
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { data } from 'react-router';
import { Document, RootError } from '../app/Document';
import { PageError } from '../features/errors/PageError';
import { homeLoader, HomePage } from '../features/home/HomePage';
import { SiteLayout } from '../features/layout/SiteLayout';
import { PlaceholderPage } from '../features/pages/PlaceholderPage';
import { loadMessages } from '../i18n/messages';
import { LOCALES, type Locale, localePrefix } from '../i18n/locales';
import type { Environment } from 'relay-runtime';
import { PAGES, PRODUCT_SLUGS, type PageId, type RouteHandle } from './pages';

/** What loaders need from their surroundings: the current Relay environment. */
export interface RouteContext {
  environmentRef: { current: Environment };
}

type Loader = (args: LoaderFunctionArgs, context: RouteContext, locale: Locale) => Promise<unknown>;

const components: Partial<Record<PageId, () => React.JSX.Element>> = {
  home: HomePage,
};

/**
 * Account pages load on demand (their own chunks: forms, Radix pieces), so public pages stay
 * light. The server resolves them while rendering; entry-client resolves the matched ones
 * before hydrating. A chunk that fails to load lands in PageError, which asks the build watcher.
 */
const lazyComponents: Partial<Record<PageId, () => Promise<() => React.JSX.Element>>> = {
  auth: () => import('../features/auth/AuthPage').then((m) => m.AuthPage),
  profile: () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
  profileChangeName: () => import('../features/profile/ChangeNamePage').then((m) => m.ChangeNamePage),
};
/** Route validation (SPEC.md §8): an unknown product slug is a 404 "Page Not Found: <full path>". */
const productLoader: Loader = async ({ params, request }) => {
  if (!(PRODUCT_SLUGS as readonly string[]).includes(params['slug'] ?? '')) {
    const url = new URL(request.url);
    throw data(`Page Not Found: ${url.pathname}${url.search}`, { status: 404, statusText: 'Not Found' });
  }
  return null;
};

const loaders: Partial<Record<PageId, Loader>> = { home: homeLoader, product: productLoader };

/** Builds the route objects; loaders read the environment from `context` when they run. */
export function createRoutes(context: RouteContext): RouteObject[] {
  const localeRoutes: RouteObject[] = LOCALES.map((locale) => ({
    id: locale,
    path: localePrefix(locale) || '/',
    caseSensitive: true,
    handle: { kind: 'locale' } satisfies RouteHandle,
    loader: async () => ({ locale, messages: await loadMessages(locale) }),
    element: <SiteLayout />,
    children: [
      {
        id: `${locale}:pages`,
        errorElement: <PageError />,
        children: [
          ...PAGES.map((page): RouteObject => {
            const Component = components[page.id] ?? PlaceholderPage;
            const loader = loaders[page.id];
            const lazyComponent = lazyComponents[page.id];
            const common = {
              id: `${locale}:${page.id}`,
              caseSensitive: true,
              handle: { kind: 'page', page: page.id, indexable: page.indexable } satisfies RouteHandle,
              ...(lazyComponent ? { lazy: async () => ({ Component: await lazyComponent() }) } : { element: <Component /> }),
              ...(loader ? { loader: (args: LoaderFunctionArgs) => loader(args, context, locale) } : {}),
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
