/**
 * How referral earnings read everywhere — /profile/earnings and the back office (LEDGER-MOVEMENTS):
 * a movement's status as a badge and its kind in words, in the page's language (`earnings.*`);
 * an enum value this build does not know yet reads as its raw name. Amounts: Money.tsx.
 */
import { Badge, type BadgeProps } from '@studio/ui';
import { FormattedMessage } from 'react-intl';

const STATUS_TONES: Record<string, NonNullable<BadgeProps['tone']>> = {
  PENDING: 'warning',
  AVAILABLE: 'success',
  REVERSED: 'danger',
  COMPLETED: 'neutral',
};
const KINDS = ['COMMISSION', 'REVERSAL', 'ADJUSTMENT', 'PAYOUT', 'PAYOUT_REVERSED'];

/** A movement's status (`LedgerTransactionStatus`) as a coloured badge. */
export function TransactionStatusBadge(props: { status: string }) {
  const tone = STATUS_TONES[props.status];
  return <Badge tone={tone ?? 'neutral'}>{tone ? <FormattedMessage id={`earnings.status.${props.status}`} /> : props.status}</Badge>;
}

/** A movement's kind (`LedgerTransactionKind`) in words. */
export function TransactionKindText(props: { kind: string }) {
  return KINDS.includes(props.kind) ? <FormattedMessage id={`earnings.kind.${props.kind}`} /> : <>{props.kind}</>;
}
