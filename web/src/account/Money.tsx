/**
 * Money of the earnings (LEDGER-BOOK, LEDGER-EARNINGS-PAGE): an amount in integer minor units of an
 * ISO 4217 currency, shown as money in the page's language by react-intl (account/money.ts gives
 * the currency's own decimals: 2 for USD, 0 for JPY). A dash when the amount's currency is unknown.
 */
import { FormattedNumber } from 'react-intl';
import { minorToMajor } from './money';

export function Money(props: {
  /** The amount in minor units (cents); null counts as zero. */
  minor: number | null | undefined;
  /** ISO 4217 code; null or unknown to Intl → a dash. */
  currency: string | null | undefined;
  /** `exceptZero` shows "+" on gains and "−" on losses (a movement's signed amount). */
  signDisplay?: 'auto' | 'exceptZero';
}) {
  const major = props.currency ? minorToMajor(props.minor ?? 0, props.currency) : null;
  if (major === null || !props.currency) return <>—</>;
  return <FormattedNumber value={major} style="currency" currency={props.currency} signDisplay={props.signDisplay ?? 'auto'} />;
}
