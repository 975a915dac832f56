/**
 * One request in the client's list (/profile/requests; REQ-CLIENT-AREA): its reference (the link to
 * its page), status badge, interest, budget, when it was placed and last changed, and the status
 * timeline in one compact line. `RequestCard_order` is also what the list's `orderUpdated`
 * subscription selects, so a change from the studio updates the card in place.
 */
import { Card, Heading } from '@studio/ui';
import { FormattedDate, useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { TextLink } from '../../app/links';
import type { RequestCard_order$key } from './__generated__/RequestCard_order.graphql';
import { BudgetText, InterestText, OrderStatusBadge } from '../../account/requestLabels';
import { Fact } from './Fact';
import { StatusTimeline } from './StatusTimeline';
import styles from './requests.module.css';

export function RequestCard(props: { order: RequestCard_order$key }) {
  const intl = useIntl();
  const order = useFragment(
    graphql`
      fragment RequestCard_order on Order @argumentDefinitions(locale: { type: "Locale!" }) {
        id
        reference
        status
        interest
        product {
          name(locale: $locale)
        }
        budget
        created
        updated
        timeline {
          status
          at
        }
      }
    `,
    props.order,
  );
  return (
    <li className={styles.item}>
      <Card asChild padding="md" className={styles.card}>
        <article aria-labelledby={`request-${order.id}`} data-testid="request-card">
          <div className={styles.cardHeader}>
            <Heading level={2} size="md" id={`request-${order.id}`} className={styles.reference}>
              <TextLink to={`/profile/requests/${encodeURIComponent(order.reference)}`}>{order.reference}</TextLink>
            </Heading>
            <OrderStatusBadge status={order.status} />
          </div>
          <p className={styles.interest}>
            <InterestText interest={order.interest} productName={order.product?.name} />
          </p>
          <dl className={styles.facts}>
            <Fact label="requests.budget">
              <BudgetText budget={order.budget} />
            </Fact>
            <Fact label="requests.placed">
              <time dateTime={order.created}>
                <FormattedDate value={order.created} dateStyle="medium" />
              </time>
            </Fact>
            <Fact label="requests.updated">
              <time dateTime={order.updated}>
                <FormattedDate value={order.updated} dateStyle="medium" />
              </time>
            </Fact>
          </dl>
          <StatusTimeline steps={order.timeline} compact label={intl.formatMessage({ id: 'requests.timeline' })} />
        </article>
      </Card>
    </li>
  );
}
