/**
 * /admin/requests/:reference: one request for the studio (ADMIN-AREA, REQ-WORKFLOW, REQ-MESSAGES) —
 * what the client sent, the status with its timeline and next steps, the assignee, the internal
 * notes and the conversation with the client. Every change's answer carries the whole request
 * (`AdminRequestPage_order`), and `orderUpdated(id)` brings another administrator's or the client's
 * changes at once (ADMIN-CONCURRENCY: the page then shows, and sends, the new `version`). An
 * unknown reference shows a "not found" notice with the way back to the inbox.
 */
import { Callout } from '@studio/ui';
import { useCallback, useEffect, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { fetchQuery, graphql, useFragment, useLazyLoadQuery, useRelayEnvironment, useSubscription } from 'react-relay';
import { useParams } from 'react-router';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/useLocale';
import { hasSubscriptions, onSubscriptionsReconnected } from '../../../relay/environment';
import { TextLink } from '../../../app/links';
import { AdminShell } from '../AdminShell';
import type { AdminRequestPage_order$key } from './__generated__/AdminRequestPage_order.graphql';
import type { AdminRequestPageOrderUpdatedSubscription } from './__generated__/AdminRequestPageOrderUpdatedSubscription.graphql';
import type { AdminRequestPageQuery as AdminRequestPageQueryType } from './__generated__/AdminRequestPageQuery.graphql';
import { AssigneeSelect } from './AssigneeSelect';
import { ConversationPanel } from './ConversationPanel';
import { NotesPanel } from './NotesPanel';
import { RequestDetails } from './RequestDetails';
import { StatusActions } from './StatusActions';
import styles from './AdminRequest.module.css';

/** Everything the page shows of a request: the fragments of its panels. */
const OrderFragment = graphql`
  fragment AdminRequestPage_order on Order @argumentDefinitions(locale: { type: "Locale!" }) {
    id
    reference
    ...RequestDetails_order @arguments(locale: $locale)
    ...StatusActions_order
    ...AssigneeSelect_order
    ...NotesPanel_order
    ...ConversationPanel_order
  }
`;

const AdminRequestPageQuery = graphql`
  query AdminRequestPageQuery($reference: String!, $locale: Locale!) {
    order(reference: $reference) {
      id
      ...AdminRequestPage_order @arguments(locale: $locale)
    }
    ...AssigneeSelect_admins
  }
`;

const OrderUpdatedSubscription = graphql`
  subscription AdminRequestPageOrderUpdatedSubscription($id: ID!, $locale: Locale!) {
    orderUpdated(id: $id) {
      id
      ...AdminRequestPage_order @arguments(locale: $locale)
    }
  }
`;

/**
 * Keeps the request live (rendered only when the environment has a WebSocket): each `orderUpdated`
 * record updates the store; after a lost connection comes back, the page is refetched quietly,
 * since events sent meanwhile are not replayed.
 */
function LiveOrder(props: { id: string; locale: string; refresh: () => Promise<void> }) {
  const config = useMemo<GraphQLSubscriptionConfig<AdminRequestPageOrderUpdatedSubscription>>(
    () => ({
      subscription: OrderUpdatedSubscription,
      variables: { id: props.id, locale: props.locale as AdminRequestPageOrderUpdatedSubscription['variables']['locale'] },
      onError: (error) => console.warn('Live request updates stopped', error),
    }),
    [props.id, props.locale],
  );
  useSubscription(config);
  const environment = useRelayEnvironment();
  const { refresh } = props;
  useEffect(() => onSubscriptionsReconnected(environment, () => void refresh()), [environment, refresh]);
  return null;
}

function RequestPanels(props: { order: AdminRequestPage_order$key; admins: AdminRequestPageQueryType['response']; refresh: () => Promise<void> }) {
  const order = useFragment(OrderFragment, props.order);
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <RequestDetails order={order} />
        <ConversationPanel order={order} />
      </div>
      <div className={styles.side}>
        <StatusActions order={order} onReload={props.refresh} />
        <section className={styles.panel}>
          <AssigneeSelect order={order} admins={props.admins} />
        </section>
        <NotesPanel order={order} />
      </div>
    </div>
  );
}

function RequestContent(props: { fetchKey: number }) {
  const reference = useParams()['reference'] ?? '';
  const locale = GRAPHQL_LOCALE[useLocale()];
  const variables = useMemo(() => ({ reference, locale }), [reference, locale]);
  const data = useLazyLoadQuery<AdminRequestPageQueryType>(AdminRequestPageQuery, variables, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  const environment = useRelayEnvironment();
  const live = hasSubscriptions(environment);
  // Into the store, without suspending: the page keeps showing the request while it reloads.
  const refresh = useCallback(async () => {
    try {
      await fetchQuery<AdminRequestPageQueryType>(environment, AdminRequestPageQuery, variables, { fetchPolicy: 'network-only' }).toPromise();
    } catch (error) {
      console.warn('Request reload failed', error);
    }
  }, [environment, variables]);
  if (!data.order) {
    return (
      <Callout
        tone="warning"
        title={<FormattedMessage id="admin.requests.notFound.title" />}
        action={
          <TextLink to="/admin/requests">
            <FormattedMessage id="admin.requests.back" />
          </TextLink>
        }
      >
        <FormattedMessage id="admin.requests.notFound.text" values={{ reference }} />
      </Callout>
    );
  }
  return (
    <>
      {live ? <LiveOrder id={data.order.id} locale={locale} refresh={refresh} /> : null}
      <RequestPanels order={data.order} admins={data} refresh={refresh} />
    </>
  );
}

function Title() {
  const reference = useParams()['reference'] ?? '';
  return <FormattedMessage id="admin.requests.pageTitle" values={{ reference }} />;
}

/** The /admin/requests/:reference route: the back-office frame around the request. */
export function AdminRequestPage() {
  return (
    <AdminShell
      title={<Title />}
      actions={
        <TextLink to="/admin/requests">
          <FormattedMessage id="admin.requests.back" />
        </TextLink>
      }
      content={RequestContent}
    />
  );
}
