/**
 * The requests card of a user's admin page (ADMIN-USERS): the user's latest requests (at most
 * `USER_ORDERS_SHOWN`, newest first) with reference, status and date, each linked to its admin page.
 */
import { Card, Heading, Text } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { TextLink } from '../../../app/links';
import { OrderStatusBadge } from '../../../account/requestLabels';
import type { UserOrdersCard_user$key } from './__generated__/UserOrdersCard_user.graphql';
import styles from './Users.module.css';

/** How many of the user's requests the card lists (the query's `first`). */
export const USER_ORDERS_SHOWN = 10;

export function UserOrdersCard(props: { user: UserOrdersCard_user$key }) {
  const user = useFragment(
    graphql`
      fragment UserOrdersCard_user on User {
        orders(first: 10) {
          totalCount
          edges {
            node {
              id
              reference
              status
              created
            }
          }
        }
      }
    `,
    props.user,
  );
  const orders = user.orders?.edges.map((edge) => edge.node) ?? [];
  return (
    <Card className={styles.card}>
      <Heading level={2} size="lg" className={styles.cardTitle}>
        <FormattedMessage id="admin.users.orders.title" />
      </Heading>
      {orders.length === 0 ? (
        <Text tone="muted">
          <FormattedMessage id="admin.users.orders.empty" />
        </Text>
      ) : (
        <>
          <ul className={styles.orders}>
            {orders.map((order) => (
              <li key={order.id} className={styles.order}>
                <TextLink to={`/admin/requests/${encodeURIComponent(order.reference)}`}>{order.reference}</TextLink>
                <OrderStatusBadge status={order.status} />
                <Text as="span" size="sm" tone="muted">
                  <FormattedDate value={order.created} dateStyle="medium" />
                </Text>
              </li>
            ))}
          </ul>
          {(user.orders?.totalCount ?? 0) > orders.length ? (
            <Text size="sm" tone="muted">
              <FormattedMessage id="admin.users.orders.more" values={{ shown: orders.length, total: user.orders?.totalCount ?? 0 }} />
            </Text>
          ) : null}
        </>
      )}
    </Card>
  );
}
