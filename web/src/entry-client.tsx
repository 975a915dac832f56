/**
 * The browser entry: reads the page data the server rendered, starts the Relay store from its
 * records and the router from its hydration data, and hydrates the whole document.
 */
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { countSpeculativeLoad, trackNavigations } from './analytics/beacon';
import { installBuildWatcher } from './app/buildWatcher';
import { AppContext } from './app/context';
import { primeMessages } from './i18n/messages';
import { isLocaleData } from './i18n/useLocale';
import { createClientEnvironment } from './relay/environment';
import { createRoutes } from './routes/table';
import { browserViewerRole } from './features/admin/adminGate';
import { tokenProvider } from './session/authorizedFetch';
import { PAGE_DATA_ID, type PageData, deserializeErrors } from './shell/pageData';
import { registerServiceWorker } from './sw/register';

const dataJson = document.getElementById(PAGE_DATA_ID)?.textContent ?? '';
const pageData = JSON.parse(dataJson) as PageData;
const environmentRef = { current: createClientEnvironment({ records: pageData.records, webSocketUrl: pageData.webSocketUrl, tokens: tokenProvider }) };

installBuildWatcher({
  currentBuildId: __STUDIO_BUILD_ID__,
  intervalMs: pageData.buildPollIntervalMs,
  fetch: (input, init) => fetch(input, init),
  storage: sessionStorage,
  reload: () => location.reload(),
});
// The service worker (SITE-SW): registered after `load`, update prompt in the page's language.
void registerServiceWorker({ intervalMs: pageData.buildPollIntervalMs });

for (const value of Object.values(pageData.hydration.loaderData)) {
  if (isLocaleData(value)) primeMessages(value.locale, value.messages);
}

const routes = createRoutes({ environmentRef, siteName: pageData.siteName, viewerRole: () => browserViewerRole(environmentRef.current) });
// Lazy routes the server rendered must be loaded before hydrating, or the page would hydrate empty.
await Promise.all(
  (matchRoutes(routes, location) ?? [])
    .filter((match) => typeof match.route.lazy === 'function')
    .map(async ({ route }) => {
      const properties = await (route.lazy as () => Promise<Partial<typeof route>>)();
      Object.assign(route, properties, { lazy: undefined });
    }),
);

const router = createBrowserRouter(routes, {
  hydrationData: {
    loaderData: pageData.hydration.loaderData,
    actionData: pageData.hydration.actionData,
    errors: deserializeErrors(pageData.hydration.errors),
  },
});

// Client navigations are page views too; the first load was counted by the server (ANALYTICS-BEACON).
trackNavigations(router);
countSpeculativeLoad();

hydrateRoot(
  document,
  <AppContext.Provider value={{ ...pageData, dataJson, environmentRef, delivery: 'app' }}>
    <RouterProvider router={router} />
  </AppContext.Provider>,
);
