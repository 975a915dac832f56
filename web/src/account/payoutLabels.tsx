/**
 * How payouts read on /profile/payouts and in the back office (PAYOUT-PAGE, PAYOUT-QUEUE): a
 * payout's status as a coloured badge and its method in words, in the page's language; an enum
 * value this build does not know yet reads as its raw name. A Stripe payout in PROCESSING is being
 * checked with Stripe (its answer was lost), and REVERSED means Stripe took the transfer back
 * (decision 0041): `isCheckingWithStripe` tells the pages when to say so.
 */
import { Badge, type BadgeProps } from '@studio/ui';
import { FormattedMessage } from 'react-intl';

const STATUS_TONES: Record<string, NonNullable<BadgeProps['tone']>> = {
  REQUESTED: 'warning',
  PROCESSING: 'accent',
  PAID: 'success',
  FAILED: 'danger',
  REVERSED: 'danger',
};
const METHODS = ['STRIPE', 'BANK_TRANSFER'];

/** The payout statuses, in their order. */
export const PAYOUT_STATUSES = ['REQUESTED', 'PROCESSING', 'PAID', 'FAILED', 'REVERSED'] as const;

/** Whether a payout waits for Stripe's answer about its transfer (a Stripe payout in PROCESSING, PAYOUT-REQUEST). */
export function isCheckingWithStripe(payout: { status: string; method: string }): boolean {
  return payout.status === 'PROCESSING' && payout.method === 'STRIPE';
}

/** A payout's status (`PayoutStatus`) as a badge. */
export function PayoutStatusBadge(props: { status: string }) {
  const tone = STATUS_TONES[props.status];
  return (
    <Badge tone={tone ?? 'neutral'} data-testid="payout-status">
      {tone ? <FormattedMessage id={`payouts.status.${props.status}`} /> : props.status}
    </Badge>
  );
}

/** A payout method (`WithdrawalMethods`) in words. */
export function PayoutMethodText(props: { method: string }) {
  return METHODS.includes(props.method) ? <FormattedMessage id={`payouts.method.${props.method}`} /> : <>{props.method}</>;
}
