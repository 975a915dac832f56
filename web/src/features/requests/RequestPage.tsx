/**
 * /profile/requests/:reference (REQ-CLIENT-AREA, REQ-MESSAGES): one of the signed-in user's
 * requests — its status, details (interest, budget, company, dates, the original message as plain
 * text), the status timeline with dates, and the conversation with the studio with a reply box.
 * A reference that is not the viewer's (or does not exist) answers null: the page says "not found"
 * with a link back to the list. The page follows the request live (`orderUpdated` with its id).
 */
import { Callout, Card, Heading, Skeleton, Text, VisuallyHidden } from '@studio/ui';
import { type ReactNode, Suspense, useCallback } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { fetchQuery, graphql, useFragment, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import { useParams } from 'react-router';
import { GRAPHQL_LOCALE } from '../../i18n/locales';
import { useLocale } from '../../i18n/useLocale';
import { TextLink } from '../../app/links';
import { AccountShell } from '../../account/AccountShell';
import type { RequestPage_order$data, RequestPage_order$key } from './__generated__/RequestPage_order.graphql';
import type { RequestPageOrderUpdatedSubscription } from './__generated__/RequestPageOrderUpdatedSubscription.graphql';
import type { RequestPageQuery as RequestPageQueryType } from './__generated__/RequestPageQuery.graphql';
import { Conversation } from './Conversation';
import { BudgetText, InterestText, OrderStatusBadge } from '../../account/requestLabels';
import { Fact } from './Fact';
import { LiveOrders } from './LiveOrders';
import { StatusTimeline } from './StatusTimeline';
import styles from './requests.module.css';

const RequestPageQuery = graphql`
  query RequestPageQuery($reference: String!, $locale: Locale!) {
    order(reference: $reference) {
      id
      ...RequestPage_order @arguments(locale: $locale)
    }
  }
`;

/** The request after each change (status, a message from the studio or another tab), with everything the page shows. */
const OrderUpdatedSubscription = graphql`
  subscription RequestPageOrderUpdatedSubscription($id: ID!, $locale: Locale!) {
    orderUpdated(id: $id) {
      id
      ...RequestPage_order @arguments(locale: $locale)
    }
  }
`;

function BackLink() {
  return (
    <TextLink to="/profile/requests" className={styles.back}>
      <FormattedMessage id="requests.back" />
    </TextLink>
  );
}

/** A card of the page: a section labelled by its heading. */
function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <Card asChild padding="lg" className={styles.section}>
      <section aria-labelledby={props.id}>
        <Heading level={2} size="lg" id={props.id} className={styles.sectionTitle}>
          <FormattedMessage id={props.title} />
        </Heading>
        {props.children}
      </section>
    </Card>
  );
}

function RequestView(props: { order: RequestPage_order$key }) {
  const intl = useIntl();
  const order = useFragment(
    graphql`
      fragment RequestPage_order on Order @argumentDefinitions(locale: { type: "Locale!" }) {
        id
        reference
        status
        interest
        product {
          name(locale: $locale)
        }
        budget
        company
        message
        created
        updated
        timeline {
          status
          at
        }
        ...Conversation_order
      }
    `,
    props.order,
  );
  return (
    <div className={styles.view} data-testid="request-page">
      <div className={styles.statusLine}>
        <OrderStatusBadge status={order.status} />
        <Text size="sm" tone="muted" as="span">
          <FormattedMessage
            id="requests.updatedOn"
            values={{
              date: (
                <time dateTime={order.updated}>
                  <FormattedDate value={order.updated} dateStyle="medium" timeStyle="short" />
                </time>
              ),
            }}
          />
        </Text>
      </div>
      <div className={styles.columns}>
        <Section id="request-details" title="requests.details">
          <Details order={order} />
        </Section>
        <Section id="request-timeline" title="requests.timeline">
          <StatusTimeline steps={order.timeline} label={intl.formatMessage({ id: 'requests.timeline' })} />
        </Section>
      </div>
      <Section id="request-messages" title="requests.messages.title">
        <Conversation order={order} />
      </Section>
    </div>
  );
}

type Order = RequestPage_order$data;

/** The request as placed: interest, budget, company, date, and the original message as plain text. */
function Details(props: { order: Pick<Order, 'interest' | 'product' | 'budget' | 'company' | 'created' | 'message'> }) {
  return (
    <>
      <dl className={styles.facts}>
        <Fact label="requests.interest">
          <InterestText interest={props.order.interest} productName={props.order.product?.name} />
        </Fact>
        <Fact label="requests.budget">
          <BudgetText budget={props.order.budget} />
        </Fact>
        {props.order.company ? (
          <Fact label="requests.company">
            <span dir="auto">{props.order.company}</span>
          </Fact>
        ) : null}
        <Fact label="requests.placed">
          <time dateTime={props.order.created}>
            <FormattedDate value={props.order.created} dateStyle="medium" timeStyle="short" />
          </time>
        </Fact>
      </dl>
      <Heading level={3} size="sm" className={styles.sectionTitle}>
        <FormattedMessage id="requests.originalMessage" />
      </Heading>
      <p className={styles.messageBody} dir="auto" data-testid="request-original-message">
        {props.order.message}
      </p>
    </>
  );
}

function Request(props: { fetchKey: number }) {
  const reference = useParams()['reference'] ?? '';
  const locale = useLocale();
  const environment = useRelayEnvironment();
  const variables = { reference, locale: GRAPHQL_LOCALE[locale] };
  const data = useLazyLoadQuery<RequestPageQueryType>(RequestPageQuery, variables, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  const refetch = useCallback(() => {
    fetchQuery<RequestPageQueryType>(environment, RequestPageQuery, { reference, locale: GRAPHQL_LOCALE[locale] }, { fetchPolicy: 'network-only' }).subscribe({
      error: (error: unknown) => console.warn('Request refetch failed', error),
    });
  }, [environment, reference, locale]);

  if (!data.order) {
    return (
      <>
        <BackLink />
        <Callout tone="warning" title={<FormattedMessage id="requests.notFound.title" />} data-testid="request-not-found">
          <FormattedMessage id="requests.notFound.text" values={{ reference: <strong dir="auto">{reference}</strong> }} />{' '}
          <TextLink to="/profile/requests">
            <FormattedMessage id="requests.notFound.link" />
          </TextLink>
        </Callout>
      </>
    );
  }
  return (
    <>
      <LiveOrders<RequestPageOrderUpdatedSubscription>
        subscription={OrderUpdatedSubscription}
        variables={{ id: data.order.id, locale: GRAPHQL_LOCALE[locale] }}
        onReconnected={refetch}
      />
      <BackLink />
      <RequestView order={data.order} />
    </>
  );
}

/** The page's shape in skeletons while the request loads. */
function RequestLoading() {
  return (
    <div role="status" className={styles.loading}>
      <VisuallyHidden>
        <FormattedMessage id="requests.loadingOne" />
      </VisuallyHidden>
      <Skeleton height={24} width={160} />
      <Skeleton height={220} radius="lg" />
      <Skeleton height={260} radius="lg" />
    </div>
  );
}

function Content(props: { fetchKey: number }) {
  return (
    <Suspense fallback={<RequestLoading />}>
      <Request fetchKey={props.fetchKey} />
    </Suspense>
  );
}

export function RequestPage() {
  const reference = useParams()['reference'] ?? '';
  return <AccountShell title={<FormattedMessage id="requests.title" values={{ reference }} />} pageClassName={styles.page} content={Content} />;
}
