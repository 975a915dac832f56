/**
 * How the back office shows referral earnings (LEDGER-MOVEMENTS): an amount of integer minor units
 * in its currency (react-intl, the currency's own decimals, profile/money.ts), a movement's status
 * as a badge and its kind in words, all in the page's language (`admin.earnings.*`).
 */
import { Badge, type BadgeProps } from '@studio/ui';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { minorToMajor } from '../../profile/money';

const STATUS_TONES: Record<string, NonNullable<BadgeProps['tone']>> = {
  PENDING: 'warning',
  AVAILABLE: 'success',
  REVERSED: 'danger',
  COMPLETED: 'neutral',
};
const KINDS = ['COMMISSION', 'REVERSAL', 'ADJUSTMENT'];

/**
 * `amount` minor units of `currency` formatted for the page's locale ("$12.50", "12,50 €"); with
 * `signed`, a "+" before gains (losses always have their "−"). An unknown currency shows "1250 XYZ".
 */
export function MoneyText(props: { amount: number; currency: string; signed?: boolean }) {
  const major = minorToMajor(props.amount, props.currency);
  if (major === null) return <>{`${props.amount} ${props.currency}`}</>;
  return <FormattedNumber value={major} style="currency" currency={props.currency} {...(props.signed ? { signDisplay: 'exceptZero' as const } : {})} />;
}

/** A movement's status (`LedgerTransactionStatus`) as a coloured badge; an unknown one as it is. */
export function TransactionStatusBadge(props: { status: string }) {
  const tone = STATUS_TONES[props.status];
  return <Badge tone={tone ?? 'neutral'}>{tone ? <FormattedMessage id={`admin.earnings.status.${props.status}`} /> : props.status}</Badge>;
}

/** A movement's kind (`LedgerTransactionKind`) in words; an unknown one as it is. */
export function TransactionKindText(props: { kind: string }) {
  return KINDS.includes(props.kind) ? <FormattedMessage id={`admin.earnings.kind.${props.kind}`} /> : <>{props.kind}</>;
}
