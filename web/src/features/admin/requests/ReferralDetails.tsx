/**
 * The referral side of a request, for administrators (LEDGER-ATTRIBUTION, LEDGER-COMMISSION): the
 * code typed on the form, the referrer it belongs to (a link to their admin page) and the
 * commission the request earned them once won — its amount in the page's locale, its status as a
 * badge and, while pending, when its hold ends. Rows of RequestDetails' description list.
 */
import { Stack, Text } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { TextLink } from '../../../app/links';
import { Money } from '../../../account/Money';
import { TransactionStatusBadge } from '../../../account/ledgerLabels';
import type { ReferralDetails_order$key } from './__generated__/ReferralDetails_order.graphql';
import styles from './AdminRequest.module.css';

/** One row of the details list (`admin.requests.detail.<label>`). */
export function DetailRow(props: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>
        <FormattedMessage id={`admin.requests.detail.${props.label}`} />
      </dt>
      <dd>{props.children}</dd>
    </div>
  );
}

/** The rows of the referral code, the referrer and the commission (fragment `ReferralDetails_order`). */
export function ReferralDetails(props: { order: ReferralDetails_order$key }) {
  const order = useFragment(
    graphql`
      fragment ReferralDetails_order on Order {
        referralCode
        referrer {
          id
          fullName
          email
        }
        commission {
          id
          amount {
            amount
            currency
          }
          status
          availableAt
        }
      }
    `,
    props.order,
  );
  const { referrer, commission } = order;
  return (
    <>
      <DetailRow label="referralCode">{order.referralCode ?? <FormattedMessage id="admin.requests.detail.noReferralCode" />}</DetailRow>
      {referrer ? (
        <DetailRow label="referrer">
          <TextLink to={`/admin/users/${encodeURIComponent(referrer.id)}`}>
            {referrer.fullName}
            {referrer.email ? ` (${referrer.email})` : ''}
          </TextLink>
        </DetailRow>
      ) : null}
      {commission ? (
        <DetailRow label="commission">
          <Stack direction="row" gap={2} align="center" wrap>
            <span data-testid="commission-amount">
              <Money minor={commission.amount.amount} currency={commission.amount.currency} />
            </span>
            <TransactionStatusBadge status={commission.status} />
          </Stack>
          {commission.status === 'PENDING' && commission.availableAt ? (
            <Text size="sm" tone="muted">
              <FormattedMessage
                id="admin.requests.detail.commissionAvailableAt"
                values={{ date: <FormattedDate value={commission.availableAt} dateStyle="medium" timeStyle="short" /> }}
              />
            </Text>
          ) : null}
          {/* Pending with no release date: held for review (LEDGER-SELF-REFERRAL). */}
          {commission.status === 'PENDING' && !commission.availableAt ? (
            <Text size="sm" tone="muted" data-testid="commission-held">
              <FormattedMessage id="admin.requests.detail.commissionHeld" />
            </Text>
          ) : null}
        </DetailRow>
      ) : null}
    </>
  );
}
