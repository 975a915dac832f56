/**
 * The server entry, loaded by the api through the contract of @studio/site/ssr (`ServerEntry`):
 * renders one page with React Router's static handler (data mode) and a per-request Relay
 * environment that executes operations in-process. An app page carries the Relay store's records
 * and the loader data so that hydration makes no request; an HTML-first page (SITE-DELIVERY) is a
 * document that is never hydrated: the same bytes for everyone, no page data, only its islands.
 */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import serialize from 'serialize-javascript';
import { PAGES } from '@studio/site/pages';
import type { RenderRequest, RenderResult, ServerEntry } from '@studio/site/ssr';
import { AppContext, type Delivery } from './app/context';
import { createServerEnvironment, serializeRecords } from './relay/environment';
import type { RouteHandle } from './routes/types';
import { createRoutes } from './routes/table';
import { hasSession } from './session/cookies';
import { type PageData, serializeErrors } from './shell/pageData';
import { parseTheme } from './theme/theme';

/** How the page of route handle `handle` is delivered: pages flagged `htmlFirst`, and the 404 of an unknown path, are documents. */
export function deliveryOf(handle: RouteHandle | undefined): Delivery {
  const page = PAGES.find((def) => def.id === handle?.page);
  return (page ? page.htmlFirst : handle?.page === 'notFound') ? 'document' : 'app';
}

/** An island's tree as HTML of its own (its React ids prefixed), for `AppContextValue.renderIsland`. */
const renderIsland = (element: ReactElement, identifierPrefix: string) => renderToString(element, { identifierPrefix });

/** Renders the page at `request.url`. Never throws for a page error: those render the error page. */
export const render: ServerEntry['render'] = async (request: RenderRequest): Promise<RenderResult> => {
  const environmentRef = { current: createServerEnvironment(request.executeOperation) };
  const handler = createStaticHandler(createRoutes({ environmentRef, siteName: request.siteName, viewerRole: async () => request.viewerRole ?? null }));
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
  const context = await handler.query(new Request(request.url, { headers }));
  if (context instanceof Response) {
    return { status: context.status, html: '', location: context.headers.get('location') ?? '/', cacheable: false };
  }
  const leaf = context.matches[context.matches.length - 1];
  const handle = leaf?.route.handle as RouteHandle | undefined;
  const delivery = deliveryOf(handle);
  // A document is the same for everyone: it never shows the session (the header's island does).
  const signedIn = delivery === 'app' && (request.signedIn || hasSession(request.headers['cookie'] ?? ''));
  const pageData: PageData = {
    assets: { scripts: request.assets.scripts, styles: request.assets.styles, preloads: request.assets.preloads, fonts: request.assets.fonts ?? [] },
    siteName: request.siteName,
    publicUrl: request.publicUrl,
    signedIn,
    webSocketUrl: request.webSocketUrl,
    buildPollIntervalMs: request.buildPollIntervalMs,
    authProviders: request.authProviders,
    analytics: request.analytics ?? false,
    theme: parseTheme(request.headers['cookie'] ?? ''),
    year: new Date().getUTCFullYear(),
    records: delivery === 'app' ? serializeRecords(environmentRef.current) : {},
    hydration: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
  };
  // serialize-javascript escapes `<`, `>`, `/`, U+2028 and U+2029 so the JSON cannot end the script element.
  const dataJson = delivery === 'app' ? serialize(pageData, { isJSON: true }) : '';
  const router = createStaticRouter(handler.dataRoutes, context);
  let html =
    '<!DOCTYPE html>' +
    renderToString(
      <AppContext.Provider
        value={{
          ...pageData,
          assets: { ...pageData.assets, islands: request.assets.islands },
          dataJson,
          environmentRef,
          delivery,
          ...(delivery === 'document' ? { renderIsland } : {}),
        }}
      >
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppContext.Provider>,
    );
  if (request.assets.devHead) html = html.replace('<head>', `<head>${request.assets.devHead}`);
  const indexable = handle?.indexable ?? false;
  return { status: context.statusCode, html, cacheable: context.statusCode === 200 && indexable };
};
