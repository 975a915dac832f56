/**
 * The order form as an island (SITE-DELIVERY): on the HTML-first /order page the server renders
 * `OrderIsland` inside `#order-island` and, beside it, a JSON data block with what hydrating it
 * needs — the locale, the products, and only the messages the form uses. The island's script
 * (islands/order.tsx) hydrates that element alone, without router or Relay environment, so the
 * server renders it as a root of its own too (`renderIsland`): React's ids then agree. The
 * viewer's pre-fill and `createOrder` go through the same GraphQL fetch function as the app's
 * (persisted operations, the session's token, no retries for the mutation; SESSION-RETRY).
 */
import serialize from 'serialize-javascript';
import { useEffect, useState } from 'react';
import { Callout } from '@studio/ui';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { LOCALE_TAGS, type Locale } from '@studio/site/locales';
import { useAppContext } from '../../app/context';
import type { Messages } from '../../i18n/messages';
import { LocaleDataContext, useLocaleData } from '../../i18n/useLocale';
import { GRAPHQL_URL, createFetchGraphQL } from '../../relay/network';
import { authorizedFetch } from '../../session/authorizedFetch';
import { hasSession } from '../../session/cookies';
import CreateOrderMutation from './__generated__/OrderPageCreateOrderMutation.graphql';
import ViewerQuery from './__generated__/OrderPageViewerQuery.graphql';
import type { GraphQLErrorLike } from '../../forms/serverErrors';
import type { Product } from './OrderFields';
import { OrderForm, type OrderParams, type SendOrder, type Sent } from './OrderForm';
import { OrderSent } from './OrderSent';

/** The element the island hydrates, its data block, and the prefix of React's ids inside it. */
export const ORDER_ISLAND_ID = 'order-island';
export const ORDER_ISLAND_DATA_ID = 'order-island-data';
export const ORDER_ISLAND_ID_PREFIX = 'order-island-';

/** The message ids the form can show, by prefix: its labels, field and server errors, the challenge. */
export const ORDER_ISLAND_MESSAGE_PREFIXES = ['order.', 'challenge.', 'error.', 'validation.'] as const;

/** What the island's data block carries. */
export interface OrderIslandData {
  locale: Locale;
  messages: Messages;
  products: Product[];
}

/** The messages of `catalogue` whose ids start with one of `prefixes`. */
export function pickMessages(catalogue: Messages, prefixes: readonly string[]): Messages {
  return Object.fromEntries(Object.entries(catalogue).filter(([id]) => prefixes.some((prefix) => id.startsWith(prefix))));
}

/** The form, or once sent, the order's reference. */
export function OrderFlow(props: { products: readonly Product[]; params: OrderParams; viewer: Viewer | null; send: SendOrder }) {
  const [sent, setSent] = useState<Sent | null>(null);
  return sent ? (
    <OrderSent sent={sent} />
  ) : (
    <OrderForm products={props.products} params={props.params} viewer={props.viewer} send={props.send} onSent={setSent} />
  );
}

type Viewer = { fullName: string; email: string | null };

const fetchGraphQL = createFetchGraphQL({ url: GRAPHQL_URL, fetch: (input, init) => fetch(input, init), authorizedFetch });

/** `createOrder` once, as the app's Relay network would send it. */
const sendOrder: SendOrder = async (input) => {
  try {
    const answer = (await fetchGraphQL(CreateOrderMutation.params, { input })) as {
      data?: { createOrder?: { reference?: string } | null } | null;
      errors?: GraphQLErrorLike[];
    };
    return { reference: answer.errors?.length ? null : (answer.data?.createOrder?.reference ?? null), errors: answer.errors ?? [] };
  } catch (error) {
    return { reference: null, errors: [{ message: error instanceof Error ? error.message : String(error), extensions: { code: 'NETWORK' } }] };
  }
};

/** A signed-in visitor's name and e-mail, fetched after hydration; null when signed out or when it fails. */
function useViewer(): Viewer | null {
  const [viewer, setViewer] = useState<Viewer | null>(null);
  useEffect(() => {
    if (!hasSession(document.cookie)) return;
    let live = true;
    fetchGraphQL(ViewerQuery.params, {})
      .then((answer) => {
        const found = (answer as { data?: { viewer?: { fullName: string; email?: string | null } | null } }).data?.viewer;
        if (live && found) setViewer({ fullName: found.fullName, email: found.email ?? null });
      })
      .catch(() => {}); // the form works without the pre-fill
    return () => {
      live = false;
    };
  }, []);
  return viewer;
}

/** The island's root: the same tree on the server and when the island hydrates. */
export function OrderIsland(props: { products: readonly Product[]; params: OrderParams }) {
  const viewer = useViewer();
  // Hydrated: tests and tools wait for this (there is no app to wait for).
  useEffect(() => {
    document.documentElement.dataset.orderIsland = 'ready';
  }, []);
  return <OrderFlow products={props.products} params={props.params} viewer={viewer} send={sendOrder} />;
}

/** The island's whole tree, rendered by the server and hydrated by the island's script alike. */
export function OrderIslandRoot(props: { data: OrderIslandData; params: OrderParams }) {
  const { locale, messages, products } = props.data;
  return (
    <IntlProvider locale={LOCALE_TAGS[locale]} defaultLocale="en-US" messages={messages}>
      <LocaleDataContext.Provider value={{ locale, messages }}>
        <OrderIsland products={products} params={props.params} />
      </LocaleDataContext.Provider>
    </IntlProvider>
  );
}

/** Server side of the HTML-first page: the island's element, rendered as a root of its own, and its data block. */
export function OrderIslandHost(props: { products: readonly Product[]; params: OrderParams }) {
  const localeData = useLocaleData();
  const { renderIsland } = useAppContext();
  if (!localeData || !renderIsland) throw new Error('OrderIslandHost renders on the server under a locale route');
  const data: OrderIslandData = {
    locale: localeData.locale,
    products: [...props.products],
    messages: pickMessages(localeData.messages, ORDER_ISLAND_MESSAGE_PREFIXES),
  };
  const html = renderIsland(<OrderIslandRoot data={data} params={props.params} />, ORDER_ISLAND_ID_PREFIX);
  return (
    <>
      <noscript>
        <Callout tone="warning" role={null}>
          <FormattedMessage id="order.noscript" />
        </Callout>
      </noscript>
      <div id={ORDER_ISLAND_ID} dangerouslySetInnerHTML={{ __html: html }} />
      {/* serialize-javascript escapes `<`, so the JSON cannot end the element; never executed (SEC-HEADERS). */}
      <script id={ORDER_ISLAND_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serialize(data, { isJSON: true }) }} />
    </>
  );
}
