/**
 * Renders a web feature the way the app does, around a Relay mock environment:
 * AppContext (page data) → a memory data router whose root holds IntlProvider with the real
 * compiled catalogue (`pnpm --filter @studio/web run messages` makes it) and the real
 * SessionProvider (it provides the Relay environment), with `toasts` the app's toasts (AppToasts) → the locale route (its loader data is what
 * `useLocale` reads) → a pathless route with the real PageError → the page route, whose path and
 * handle come from @studio/site/pages, with `ui` under Suspense.
 *
 * What a test can look for besides the page itself:
 * - `data-testid="route-loading"`: the page's `loader` has not finished (nothing of the page shows);
 * - `data-testid="suspense-fallback"`: `ui` suspended outside any boundary of its own;
 * - `data-testid="location"`: a link or a navigation left the page (it holds the new path).
 * A message id missing from the catalogue fails the test after it ends; `signedIn` writes the
 * credentials cookies, which are cleared after every test.
 * Queue data with `queueResolvers` before rendering, or leave the operation pending and
 * `resolveOperation` / `rejectOperation` it to see the loading and error states.
 */
import { PAGES, type PageId } from '@studio/site/pages';
import { LOCALE_TAGS, type Locale, localizePath } from '@studio/site/locales';
import { act, cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { IntlProvider, createIntl, type IntlShape, type MessageFormatElement } from 'react-intl';
import { type LoaderFunctionArgs, Outlet, type RouteObject, createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { Environment, OperationDescriptor } from 'relay-runtime';
import { MockPayloadGenerator, type MockResolvers, type RelayMockEnvironment, createMockEnvironment } from 'relay-test-utils';
import { onTestFinished, vi } from 'vitest';
import { AppContext, type AppContextValue } from '../app/context';
import { AppToasts } from '../app/toasts';
import { PageError } from '../features/errors/PageError';
import en from '../i18n/compiled/en.json';
import es from '../i18n/compiled/es.json';
import ru from '../i18n/compiled/ru.json';
import { clearCredentials, writeCredentials } from '../session/credentials';
import { RouteLocaleProvider } from '../i18n/routeLocale';
import { SessionProvider } from '../session/SessionProvider';
import './jsdom';

type Messages = Record<string, MessageFormatElement[]>;

const CATALOGUES: Record<Locale, Messages> = { en: en as unknown as Messages, ru: ru as unknown as Messages, es: es as unknown as Messages };

/** The site name the tests render with (page data `siteName`). */
export const TEST_SITE_NAME = 'Studio';
/** The public address the tests render with (page data `publicUrl`). */
export const TEST_PUBLIC_URL = 'https://studio.test';

/**
 * A page loader as the route table calls it (structurally the route table's `Loader`): the router's
 * arguments, the route context (the Relay environment, the site name), the locale and the page.
 */
export type TestLoader = (
  args: LoaderFunctionArgs,
  context: { environmentRef: { current: Environment }; siteName: string; viewerRole: () => Promise<string | null> },
  locale: Locale,
  page: PageId,
) => Promise<unknown>;

export interface RenderWithRelayOptions {
  /** The environment to render with; a new `createTestEnvironment()` when absent. */
  environment?: RelayMockEnvironment;
  /** The page's language (`en` by default): catalogue, `<IntlProvider locale>`, path prefix. */
  locale?: Locale;
  /** The page the route stands for: its path pattern (`products/:slug`) and handle. Default: `home`. */
  page?: PageId;
  /** The address to start at, without the locale prefix (`/products/dom`). Default: the page's path. */
  route?: string;
  /** The history state of the first entry (e.g. what a previous page navigated with). */
  state?: unknown;
  /** The page's loader, run before the page renders (its pending and failed states are the router's). */
  loader?: TestLoader;
  /** Whether the credentials cookies hold a session (SessionProvider reads them after mounting). */
  signedIn?: boolean;
  /** The role the route context reports for the administrators' pages' gate (ADMIN-AREA); null by default. */
  viewerRole?: string | null;
  /** Mounts the app's toasts (AppToasts, FEEDBACK-TOAST) as the app shell does; off by default (their region is one more landmark). */
  toasts?: boolean;
  /** Page data to change (e.g. `authProviders`). */
  app?: Partial<AppContextValue>;
}

export interface RenderWithRelayResult extends RenderResult {
  environment: RelayMockEnvironment;
  router: ReturnType<typeof createMemoryRouter>;
  /** A user-event instance bound to this render. */
  user: UserEvent;
  /** The catalogue of the rendered locale: `intl.formatMessage({ id }, values)` is what the page shows. */
  intl: IntlShape;
}

const intlErrors: string[] = [];

/**
 * Registered by every render for the end of its test (not as a module-level `afterEach`, which
 * would run for the first test file only when Vitest shares modules between files).
 */
function afterRender() {
  cleanup();
  clearCredentials();
  const errors = intlErrors.splice(0);
  if (errors.length) throw new Error(`The render used messages the catalogue cannot give:\n${errors.join('\n')}`);
}

/**
 * A Relay mock environment. relay-test-utils wraps its methods in `jest.fn` when NODE_ENV is
 * `test`; Vitest's `vi` stands in for `jest`.
 */
export function createTestEnvironment(): RelayMockEnvironment {
  const scope = globalThis as { jest?: unknown };
  scope.jest ??= vi;
  return createMockEnvironment();
}

/** The catalogue of `locale` as react-intl formats it, for expected texts. Throws on a missing id. */
export function intlFor(locale: Locale): IntlShape {
  return createIntl({
    locale: LOCALE_TAGS[locale],
    defaultLocale: 'en-US',
    messages: CATALOGUES[locale],
    onError: (error) => {
      throw error;
    },
  });
}

/** Answers `resolvers` (a function gets the operation, e.g. to read its variables) to the next operation started. */
export function queueResolvers(environment: RelayMockEnvironment, resolvers: MockResolvers | ((operation: OperationDescriptor) => MockResolvers)): void {
  environment.mock.queueOperationResolver((operation) =>
    MockPayloadGenerator.generate(operation, typeof resolvers === 'function' ? resolvers(operation) : resolvers),
  );
}

/** Answers the most recent pending operation with `resolvers` (inside `act`, so React renders the result). */
export async function resolveOperation(
  environment: RelayMockEnvironment,
  resolvers: MockResolvers | ((operation: OperationDescriptor) => MockResolvers) = {},
): Promise<void> {
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, typeof resolvers === 'function' ? resolvers(operation) : resolvers),
    );
  });
}

/** Fails the most recent pending operation as the network would (inside `act`). */
export async function rejectOperation(environment: RelayMockEnvironment, error = new Error('Network request failed')): Promise<void> {
  await act(async () => {
    environment.mock.rejectMostRecentOperation(error);
  });
}

/** Where the router went when it left the page under test. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** The root route: what the document gives every page (IntlProvider, the session, the Relay environment). */
function Shell(props: { locale: Locale; signedIn: boolean; environmentRef: { current: Environment }; toasts: boolean }) {
  return (
    <RouteLocaleProvider>
      <IntlProvider
        locale={LOCALE_TAGS[props.locale]}
        defaultLocale="en-US"
        messages={CATALOGUES[props.locale]}
        onError={(error) => intlErrors.push(String(error.message))}
      >
        <SessionProvider initialSignedIn={props.signedIn} environmentRef={props.environmentRef} webSocketUrl={null}>
          {props.toasts ? (
            <AppToasts>
              <Outlet />
            </AppToasts>
          ) : (
            <Outlet />
          )}
        </SessionProvider>
      </IntlProvider>
    </RouteLocaleProvider>
  );
}

/** Renders `ui` as the page `options.page` in `options.locale`; see the module comment. */
export function renderWithRelay(ui: ReactNode, options: RenderWithRelayOptions = {}): RenderWithRelayResult {
  onTestFinished(afterRender);
  const environment = options.environment ?? createTestEnvironment();
  const locale = options.locale ?? 'en';
  const pageId = options.page ?? 'home';
  const page = PAGES.find((p) => p.id === pageId);
  if (!page) throw new Error(`Unknown page ${pageId}`);
  const signedIn = options.signedIn ?? false;
  if (signedIn) writeCredentials({ accessToken: 'test-access-token' });
  const environmentRef: { current: Environment } = { current: environment };
  // The route table's ids: the locale route is `en`/`ru`/`es` (hydrated below), a page `<locale>:<page>`.
  const localeRouteId = locale;
  const { loader } = options;

  const pageRoute: RouteObject = {
    id: `${locale}:${pageId}`,
    handle: { kind: 'page', page: pageId, indexable: page.indexable },
    element: <Suspense fallback={<p data-testid="suspense-fallback" />}>{ui}</Suspense>,
    ...(loader
      ? {
          loader: (args: LoaderFunctionArgs) =>
            loader(args, { environmentRef, siteName: TEST_SITE_NAME, viewerRole: async () => options.viewerRole ?? null }, locale, pageId),
          HydrateFallback: () => <p data-testid="route-loading" />,
        }
      : {}),
    ...(page.path === '' ? { index: true } : { path: page.path }),
  };
  // Any other address (the locale's home page too, unless it is the page under test) shows where the router went.
  const elsewhere: RouteObject[] = [...(page.path === '' ? [] : [{ index: true, element: <LocationProbe /> }]), { path: '*', element: <LocationProbe /> }];
  const routes: RouteObject[] = [
    {
      id: 'root',
      handle: { kind: 'root' },
      element: <Shell locale={locale} signedIn={signedIn} environmentRef={environmentRef} toasts={options.toasts ?? false} />,
      children: [
        {
          id: localeRouteId,
          path: localizePath('/', locale),
          handle: { kind: 'locale' },
          loader: () => ({ locale, messages: CATALOGUES[locale] }),
          element: <Outlet />,
          children: [{ id: `${locale}:pages`, errorElement: <PageError />, children: [pageRoute, ...elsewhere] }],
        },
      ],
    },
  ];
  const start = new URL(localizePath(options.route ?? `/${page.path}`, locale), TEST_PUBLIC_URL);
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: start.pathname, search: start.search, state: options.state ?? null }],
    hydrationData: { loaderData: { [localeRouteId]: { locale, messages: CATALOGUES[locale] } } },
  });
  const app: AppContextValue = {
    assets: { scripts: [], styles: [], preloads: [] },
    siteName: TEST_SITE_NAME,
    publicUrl: TEST_PUBLIC_URL,
    signedIn,
    webSocketUrl: null,
    buildPollIntervalMs: 60_000,
    theme: null,
    authProviders: [],
    year: 2026,
    dataJson: '{}',
    delivery: 'app',
    environmentRef,
    ...options.app,
  };
  const result = render(
    <AppContext.Provider value={app}>
      <RouterProvider router={router} />
    </AppContext.Provider>,
  );
  return { ...result, environment, router, user: userEvent.setup(), intl: intlFor(locale) };
}
