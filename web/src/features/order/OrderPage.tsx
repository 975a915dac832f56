/**
 * /order: the order page (ORDER-FIELDS, ORDER-MAIL). The catalogue for "what is it about" comes
 * from GraphQL in the loader; the page is the same for every visitor, so a signed-in visitor's name
 * and e-mail are fetched in the browser afterwards (OrderForm fills only fields still empty and
 * untouched). `createOrder` is sent once (no retries, SESSION-RETRY). On success the form gives
 * way to the order reference (OrderSent), whose heading takes the focus.
 * Delivered as a document (SITE-DELIVERY), the form is the order island (OrderIsland.tsx), which
 * hydrates alone; reached inside the app, it runs on the app's Relay environment.
 */
import { GRAPHQL_LOCALE, type Locale } from '@studio/site/locales';
import { Container } from '@studio/ui';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery, useMutation, useRelayEnvironment } from 'react-relay';
import type { OrderPageCreateOrderMutation, OrderPageCreateOrderMutation$variables } from './__generated__/OrderPageCreateOrderMutation.graphql';
import type { OrderPageQuery as OrderPageQueryType } from './__generated__/OrderPageQuery.graphql';
import type { OrderPageViewerQuery } from './__generated__/OrderPageViewerQuery.graphql';
import { useAppContext } from '../../app/context';
import { runMutation } from '../../forms/runMutation';
import { useLocale } from '../../i18n/useLocale';
import type { Loader } from '../../routes/types';
import { useSession } from '../../session/SessionProvider';
import { PageIntro } from '../pages';
import type { Product } from './OrderFields';
import { type OrderParams, type SendOrder, orderParamsOf } from './OrderForm';
import { OrderFlow, OrderIslandHost } from './OrderIsland';
import { NextSteps } from './OrderSent';
import styles from './OrderPage.module.css';

const OrderPageQuery = graphql`
  query OrderPageQuery($locale: Locale!) {
    products(first: 50) {
      edges {
        node {
          id
          slug
          name(locale: $locale)
        }
      }
    }
  }
`;

const ViewerQuery = graphql`
  query OrderPageViewerQuery {
    viewer {
      id
      fullName
      email
    }
  }
`;

const CreateOrderMutation = graphql`
  mutation OrderPageCreateOrderMutation($input: CreateOrderInput!) {
    createOrder(input: $input) {
      reference
    }
  }
`;

const variables = (locale: Locale) => ({ locale: GRAPHQL_LOCALE[locale] });

/** Fills the Relay store with the catalogue before rendering (server: in-process; browser: on navigation). */
export const orderLoader: Loader = async (_args, context, locale) => {
  await fetchQuery<OrderPageQueryType>(context.environmentRef.current, OrderPageQuery, variables(locale), { fetchPolicy: 'store-or-network' }).toPromise();
  return null;
};

/** Signed in: the account's name and e-mail, fetched in the browser only (the server page is shared). */
function useViewer() {
  const session = useSession();
  const environment = useRelayEnvironment();
  const [viewer, setViewer] = useState<{ fullName: string; email: string | null } | null>(null);
  useEffect(() => {
    if (!session.signedIn) return;
    const subscription = fetchQuery<OrderPageViewerQuery>(environment, ViewerQuery, {}, { fetchPolicy: 'store-or-network' }).subscribe({
      next: (data) => setViewer(data.viewer ? { fullName: data.viewer.fullName, email: data.viewer.email ?? null } : null),
      error: () => {}, // the form works without the pre-fill
    });
    return () => subscription.unsubscribe();
  }, [environment, session.signedIn]);
  return viewer;
}

/** The form on the app's Relay environment: the viewer's pre-fill from the store, `createOrder` through Relay. */
function AppOrder(props: { products: readonly Product[]; params: OrderParams }) {
  const viewer = useViewer();
  const [commit] = useMutation<OrderPageCreateOrderMutation>(CreateOrderMutation);
  const send: SendOrder = async (input: OrderPageCreateOrderMutation$variables['input']) => {
    const { response, errors } = await runMutation(commit, { variables: { input } });
    return { reference: response?.createOrder?.reference ?? null, errors };
  };
  return <OrderFlow products={props.products} params={props.params} viewer={viewer} send={send} />;
}

export function OrderPage() {
  const locale = useLocale();
  const { delivery } = useAppContext();
  const data = useLazyLoadQuery<OrderPageQueryType>(OrderPageQuery, variables(locale), { fetchPolicy: 'store-or-network' });
  const products = useMemo(() => data.products.edges.map((edge) => ({ slug: edge.node.slug, name: edge.node.name })), [data]);
  const [search] = useSearchParams();
  const params = useMemo(() => orderParamsOf(search), [search]);

  return (
    <Container className={styles.page}>
      <header className={styles.header}>
        <PageIntro
          eyebrow={<FormattedMessage id="order.eyebrow" />}
          title={<FormattedMessage id="page.order.title" />}
          titleId="order-title"
          lead={<FormattedMessage id="order.lead" />}
          classes={styles}
        />
      </header>
      <div className={styles.layout}>
        <div className={styles.main}>
          {delivery === 'document' ? <OrderIslandHost products={products} params={params} /> : <AppOrder products={products} params={params} />}
        </div>
        <NextSteps />
      </div>
    </Container>
  );
}
