/**
 * The balances of /profile/payouts (PAYOUT-REQUEST, PAYOUT-COOLDOWN): per currency, what is
 * available now, and a "Request payout" button that opens a dialog stating the amount (the whole
 * available balance), the method and where the money goes (the masked bank account, or "your Stripe
 * account") before confirming `requestPayout(currency)` (through re-authentication, PAYOUT-REAUTH).
 * The button is disabled, with the reason beside it, when nothing is available, no method is
 * chosen, Stripe onboarding is incomplete, payouts are paused after a security change
 * (`payoutsPausedUntil` in the future) or the balance is below the currency's minimum.
 */
import { Button, Callout, Dialog, DialogClose, Stack, Text } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { runMutation } from '../../forms/runMutation';
import { Money } from '../../account/Money';
import type { PayoutBalances_settings$key } from './__generated__/PayoutBalances_settings.graphql';
import type { PayoutBalances_user$data, PayoutBalances_user$key } from './__generated__/PayoutBalances_user.graphql';
import type { PayoutBalancesRequestMutation } from './__generated__/PayoutBalancesRequestMutation.graphql';
import { useReauthentication } from '../../account/ReauthDialog';
import { formatMoney, payoutProblem } from '../../account/payoutErrors';
import blocks from '../../account/blocks.module.css';
import styles from './payouts.module.css';

const RequestPayoutMutation = graphql`
  mutation PayoutBalancesRequestMutation($currency: String!) {
    requestPayout(currency: $currency) {
      id
      status
    }
  }
`;

type User = PayoutBalances_user$data;

/** Why a payout of `available` minor units of `currency` cannot be requested now, or null when it can. */
export function blockedReason(
  intl: IntlShape,
  user: User,
  available: number,
  minimum: { amount: number; currency: string } | undefined,
  now = Date.now(),
): string | null {
  if (available <= 0) return intl.formatMessage({ id: 'payouts.blocked.nothing' });
  if (!user.withdrawalMethod) return intl.formatMessage({ id: 'payouts.blocked.noMethod' });
  if (user.withdrawalMethod === 'STRIPE' && !user.stripeOnboardingCompleted) return intl.formatMessage({ id: 'payouts.blocked.onboarding' });
  if (user.payoutsPausedUntil && Date.parse(user.payoutsPausedUntil) > now) {
    return intl.formatMessage(
      { id: 'payouts.blocked.paused' },
      { date: intl.formatDate(user.payoutsPausedUntil, { dateStyle: 'medium', timeStyle: 'short' }) },
    );
  }
  if (minimum && available < minimum.amount)
    return intl.formatMessage({ id: 'payouts.blocked.belowMinimum' }, { minimum: formatMoney(intl, minimum.amount, minimum.currency) });
  return null;
}

/** The dialog confirming a payout of the whole available balance of one currency. */
function RequestDialog(props: { user: User; currency: string; available: number; onRequested: () => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [commit, inFlight] = useMutation<PayoutBalancesRequestMutation>(RequestPayoutMutation);
  const { withReauthentication, dialog } = useReauthentication();
  const amount = formatMoney(intl, props.available, props.currency);
  const destination =
    props.user.withdrawalMethod === 'STRIPE' ? intl.formatMessage({ id: 'payouts.request.stripeAccount' }) : (props.user.withdrawalMethodDetails ?? '');

  async function confirm() {
    setError(null);
    const result = await withReauthentication(() => runMutation(commit, { variables: { currency: props.currency } }));
    if (!result) return;
    if (result.response) {
      setOpen(false);
      props.onRequested();
    } else setError(payoutProblem(intl, result.errors, props.currency).message);
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(null);
        }}
        trigger={
          <Button size="sm">
            <FormattedMessage id="payouts.request.button" />
          </Button>
        }
        title={<FormattedMessage id="payouts.request.title" values={{ amount }} />}
        closeLabel={intl.formatMessage({ id: 'payouts.dialog.close' })}
        data-testid="request-dialog"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">
                <FormattedMessage id="payouts.dialog.cancel" />
              </Button>
            </DialogClose>
            <Button loading={inFlight} disabled={inFlight} onClick={() => void confirm()}>
              <FormattedMessage id="payouts.request.confirm" />
            </Button>
          </>
        }
      >
        <Stack gap={3}>
          <Text data-testid="request-summary">
            <FormattedMessage
              id={props.user.withdrawalMethod === 'STRIPE' ? 'payouts.request.textStripe' : 'payouts.request.textBank'}
              values={{ amount, currency: props.currency, destination }}
            />
          </Text>
          {error ? (
            <Callout tone="danger" role="alert" data-testid="request-error">
              {error}
            </Callout>
          ) : null}
        </Stack>
      </Dialog>
      {dialog}
    </>
  );
}

type Balance = NonNullable<User['balances']>[number];

/**
 * One currency: what is available and what is on its way, then "Request payout", or the button
 * disabled with the reason beside it.
 */
function BalanceRow(props: { user: User; balance: Balance; minimum: { amount: number; currency: string } | undefined; onRequested: () => void }) {
  const intl = useIntl();
  const { user, balance } = props;
  const reason = blockedReason(intl, user, balance.available, props.minimum);
  const reasonId = `payout-blocked-${balance.currency}`;
  return (
    <li className={styles.balance} data-testid={`payout-balance-${balance.currency}`}>
      <div>
        <span className={blocks.label}>
          <FormattedMessage id="payouts.balances.available" values={{ currency: balance.currency }} />
        </span>
        <span className={blocks.amount} data-testid="payout-available">
          <Money minor={balance.available} currency={balance.currency} />
        </span>
        {balance.inPayout > 0 ? (
          <Text size="sm" tone="muted">
            <FormattedMessage id="payouts.balances.inPayout" values={{ amount: formatMoney(intl, balance.inPayout, balance.currency) }} />
          </Text>
        ) : null}
      </div>
      {reason ? (
        <div className={styles.blocked}>
          <Button size="sm" disabled aria-describedby={reasonId}>
            <FormattedMessage id="payouts.request.button" />
          </Button>
          <Text size="sm" tone="muted" id={reasonId} data-testid="payout-blocked">
            {reason}
          </Text>
        </div>
      ) : (
        <RequestDialog user={user} currency={balance.currency} available={balance.available} onRequested={props.onRequested} />
      )}
    </li>
  );
}

export function PayoutBalances(props: { user: PayoutBalances_user$key; settings: PayoutBalances_settings$key; onRequested: () => void }) {
  const user = useFragment(
    graphql`
      fragment PayoutBalances_user on User {
        balances {
          currency
          available
          inPayout
        }
        withdrawalMethod
        withdrawalMethodDetails
        stripeOnboardingCompleted
        payoutsPausedUntil
      }
    `,
    props.user,
  );
  const settings = useFragment(
    graphql`
      fragment PayoutBalances_settings on PayoutSettings {
        minimums {
          amount
          currency
        }
      }
    `,
    props.settings,
  );
  const [requested, setRequested] = useState(false);
  const balances = user.balances ?? [];
  if (balances.length === 0) {
    return (
      <Text tone="muted" data-testid="payouts-no-balance">
        <FormattedMessage id="payouts.balances.empty" />
      </Text>
    );
  }
  return (
    <Stack gap={3}>
      {requested ? (
        <Callout tone="success" role="status" data-testid="payout-requested">
          <FormattedMessage id="payouts.request.done" />
        </Callout>
      ) : null}
      <ul className={styles.balances}>
        {balances.map((balance) => (
          <BalanceRow
            key={balance.currency}
            user={user}
            balance={balance}
            minimum={settings.minimums.find((money) => money.currency === balance.currency)}
            onRequested={() => {
              setRequested(true);
              props.onRequested();
            }}
          />
        ))}
      </ul>
    </Stack>
  );
}
