/**
 * How payouts read on /profile/payouts and in the back office (PAYOUT-PAGE, PAYOUT-QUEUE): a
 * payout's status as a coloured badge and its method in words, in the page's language; an enum
 * value this build does not know yet reads as its raw name.
 */
import { Badge, type BadgeProps } from '@studio/ui';
import { FormattedMessage } from 'react-intl';

const STATUS_TONES: Record<string, NonNullable<BadgeProps['tone']>> = {
  REQUESTED: 'warning',
  PROCESSING: 'accent',
  PAID: 'success',
  FAILED: 'danger',
};
const METHODS = ['STRIPE', 'BANK_TRANSFER'];

/** The payout statuses, in their order. */
export const PAYOUT_STATUSES = ['REQUESTED', 'PROCESSING', 'PAID', 'FAILED'] as const;

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
