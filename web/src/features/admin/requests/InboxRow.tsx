/**
 * One request of the admin inbox (ADMIN-AREA): a table row on a wide screen, a stacked block on a
 * phone (each cell then shows its column's name, Inbox.module.css). The reference links to the
 * request's page.
 */
import { Text } from '@studio/ui';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { TextLink } from '../../../app/links';
import { BudgetText, InterestText, OrderStatusBadge } from '../../../account/requestLabels';
import type { InboxRow_order$key } from './__generated__/InboxRow_order.graphql';
import styles from './Inbox.module.css';

/** The columns, in order: message ids of their headings (`admin.requests.column.*`). */
export const INBOX_COLUMNS = ['reference', 'client', 'interest', 'budget', 'status', 'assignee', 'placed'] as const;

/** One `<tr>` of the inbox table for `order` (fragment `InboxRow_order`, product name in `$locale`). */
export function InboxRow(props: { order: InboxRow_order$key }) {
  const order = useFragment(
    graphql`
      fragment InboxRow_order on Order @argumentDefinitions(locale: { type: "Locale!" }) {
        reference
        status
        interest
        budget
        name
        email
        created
        product {
          name(locale: $locale)
        }
        assignee {
          id
          fullName
        }
      }
    `,
    props.order,
  );
  const intl = useIntl();
  const label = (column: (typeof INBOX_COLUMNS)[number]) => intl.formatMessage({ id: `admin.requests.column.${column}` });
  return (
    <tr className={styles.row}>
      <td data-label={label('reference')} className={styles.reference}>
        <TextLink to={`/admin/requests/${encodeURIComponent(order.reference)}`}>{order.reference}</TextLink>
      </td>
      <td data-label={label('client')}>
        <span className={styles.client}>
          <Text as="span" weight="medium">
            {order.name}
          </Text>
          <Text as="span" size="sm" tone="muted" className={styles.email}>
            {order.email}
          </Text>
        </span>
      </td>
      <td data-label={label('interest')}>
        <InterestText interest={order.interest} productName={order.product?.name} />
      </td>
      <td data-label={label('budget')}>
        <BudgetText budget={order.budget} />
      </td>
      <td data-label={label('status')} className={styles.nowrap}>
        <OrderStatusBadge status={order.status} />
      </td>
      <td data-label={label('assignee')}>
        {order.assignee ? (
          order.assignee.fullName
        ) : (
          <Text as="span" size="sm" tone="muted">
            <FormattedMessage id="admin.requests.unassigned" />
          </Text>
        )}
      </td>
      <td data-label={label('placed')} className={styles.nowrap}>
        <FormattedDate value={order.created} dateStyle="medium" />
      </td>
    </tr>
  );
}
