/**
 * What the client sent (ADMIN-AREA): name, e-mail (a mailto link), company, interest, budget,
 * language, when it was placed and last changed, the message as plain text (line breaks kept,
 * never markup), the account it belongs to when there is one (a link to the user's page), and
 * its referral code, referrer and commission (ReferralDetails.tsx).
 */
import { Heading, Link, Text } from '@studio/ui';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { TextLink } from '../../../app/links';
import { BudgetText, InterestText } from '../../../account/requestLabels';
import type { RequestDetails_order$key } from './__generated__/RequestDetails_order.graphql';
import { DetailRow as Row, ReferralDetails } from './ReferralDetails';
import styles from './AdminRequest.module.css';

/** The client's request as sent (fragment `RequestDetails_order`, product name in `$locale`). */
export function RequestDetails(props: { order: RequestDetails_order$key }) {
  const order = useFragment(
    graphql`
      fragment RequestDetails_order on Order @argumentDefinitions(locale: { type: "Locale!" }) {
        name
        email
        company
        interest
        product {
          name(locale: $locale)
        }
        budget
        locale
        created
        updated
        message
        client {
          id
          fullName
          email
        }
        ...ReferralDetails_order
      }
    `,
    props.order,
  );
  const intl = useIntl();
  const language = new Intl.DisplayNames([intl.locale], { type: 'language' }).of(order.locale.toLowerCase()) ?? order.locale;
  return (
    <section className={styles.panel} aria-labelledby="request-details">
      <Heading level={2} size="md" id="request-details">
        <FormattedMessage id="admin.requests.detail.title" />
      </Heading>
      <dl className={styles.details}>
        <Row label="name">{order.name}</Row>
        <Row label="email">
          <Link href={`mailto:${order.email}`}>{order.email}</Link>
        </Row>
        <Row label="company">{order.company ?? '—'}</Row>
        <Row label="interest">
          <InterestText interest={order.interest} productName={order.product?.name} />
        </Row>
        <Row label="budget">
          <BudgetText budget={order.budget} />
        </Row>
        <Row label="locale">{language}</Row>
        <Row label="placed">
          <FormattedDate value={order.created} dateStyle="medium" timeStyle="short" />
        </Row>
        <Row label="updated">
          <FormattedDate value={order.updated} dateStyle="medium" timeStyle="short" />
        </Row>
        <Row label="account">
          {order.client ? (
            <TextLink to={`/admin/users/${encodeURIComponent(order.client.id)}`}>
              {order.client.fullName}
              {order.client.email ? ` (${order.client.email})` : ''}
            </TextLink>
          ) : (
            <FormattedMessage id="admin.requests.detail.noAccount" />
          )}
        </Row>
        <ReferralDetails order={order} />
      </dl>
      <div>
        <Text size="sm" tone="muted" weight="semibold">
          <FormattedMessage id="admin.requests.detail.message" />
        </Text>
        <Text className={styles.plain} data-testid="request-message">
          {order.message}
        </Text>
      </div>
    </section>
  );
}
