/**
 * How the user is paid (PAYOUT-METHOD): the current method with its masked details, and a radio
 * group to choose another — Stripe (only when the server offers it; it says which countries Stripe
 * serves, as names in the page's language, and that elsewhere a bank transfer is offered) or a bank
 * transfer with its account (BankAccountForm). Saving calls `setWithdrawalMethod` through
 * re-authentication (PAYOUT-REAUTH); the server then pauses payouts for a while (PAYOUT-COOLDOWN).
 */
import { Button, Callout, Stack, Text } from '@studio/ui';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useNotify } from '../../app/toasts';
import { runMutation } from '../../forms/runMutation';
import type { PayoutMethod_settings$key } from './__generated__/PayoutMethod_settings.graphql';
import type { PayoutMethod_user$key } from './__generated__/PayoutMethod_user.graphql';
import type { BankAccountInput, PayoutMethodSetMutation, WithdrawalMethods } from './__generated__/PayoutMethodSetMutation.graphql';
import { BankAccountForm } from './BankAccountForm';
import { useReauthentication } from '../../account/ReauthDialog';
import { countryName } from './countries';
import { type PayoutProblem, payoutProblem } from '../../account/payoutErrors';
import { PayoutMethodText } from '../../account/payoutLabels';
import blocks from '../../account/blocks.module.css';
import styles from './payouts.module.css';

const SetWithdrawalMethodMutation = graphql`
  mutation PayoutMethodSetMutation($input: SetWithdrawalMethodInput!) {
    setWithdrawalMethod(input: $input) {
      id
      withdrawalMethod
      withdrawalMethodDetails
      payoutsPausedUntil
      stripeAccountId
      stripeOnboardingCompleted
    }
  }
`;

/**
 * `setWithdrawalMethod` through re-authentication: `save` answers the problem for the bank form to
 * show at its field (null: saved or abandoned); one without a field shows as `error`.
 */
function useSaveMethod() {
  const intl = useIntl();
  const notify = useNotify();
  const [commit, inFlight] = useMutation<PayoutMethodSetMutation>(SetWithdrawalMethodMutation);
  const { withReauthentication, dialog } = useReauthentication();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  async function save(method: WithdrawalMethods, bankAccount?: BankAccountInput): Promise<PayoutProblem | null> {
    setError(null);
    setSaved(false);
    const result = await withReauthentication(() => runMutation(commit, { variables: { input: bankAccount ? { method, bankAccount } : { method } } }));
    if (!result) return null;
    if (result.response) {
      setSaved(true);
      notify('toast.payoutMethodSaved'); // FEEDBACK-TOAST
      return null;
    }
    const problem = payoutProblem(intl, result.errors);
    if (!problem.field) setError(problem.message);
    return problem;
  }

  return { error, saved, inFlight, save, dialog };
}

/** The radio group: Stripe (when offered, with the countries it serves) or a bank transfer. */
function MethodChoice(props: {
  stripeAvailable: boolean;
  stripeCountries: readonly string[];
  choice: WithdrawalMethods;
  onChoice: (method: WithdrawalMethods) => void;
}) {
  const intl = useIntl();
  const name = useId();
  const countries = [...props.stripeCountries].map((code) => countryName(code, intl.locale)).sort(new Intl.Collator(intl.locale).compare);
  return (
    <fieldset className={styles.methods}>
      <legend className={blocks.label}>
        <FormattedMessage id="payouts.method.choose" />
      </legend>
      {props.stripeAvailable ? (
        <div className={styles.option}>
          <label>
            <input type="radio" name={name} value="STRIPE" checked={props.choice === 'STRIPE'} onChange={() => props.onChoice('STRIPE')} />{' '}
            <FormattedMessage id="payouts.method.STRIPE" />
          </label>
          <Text size="sm" tone="muted">
            <FormattedMessage id="payouts.method.stripeHint" values={{ count: countries.length }} />
          </Text>
          <details className={styles.countries}>
            <summary>
              <FormattedMessage id="payouts.method.stripeCountries" />
            </summary>
            <p data-testid="stripe-countries">{intl.formatList(countries, { type: 'conjunction' })}</p>
          </details>
        </div>
      ) : null}
      <div className={styles.option}>
        <label>
          <input type="radio" name={name} value="BANK_TRANSFER" checked={props.choice === 'BANK_TRANSFER'} onChange={() => props.onChoice('BANK_TRANSFER')} />{' '}
          <FormattedMessage id="payouts.method.BANK_TRANSFER" />
        </label>
      </div>
    </fieldset>
  );
}

export function PayoutMethod(props: { user: PayoutMethod_user$key; settings: PayoutMethod_settings$key }) {
  const user = useFragment(
    graphql`
      fragment PayoutMethod_user on User {
        withdrawalMethod
        withdrawalMethodDetails
      }
    `,
    props.user,
  );
  const settings = useFragment(
    graphql`
      fragment PayoutMethod_settings on PayoutSettings {
        stripeAvailable
        stripeCountries
        cooldownHours
      }
    `,
    props.settings,
  );
  const stored: WithdrawalMethods = user.withdrawalMethod === 'STRIPE' && settings.stripeAvailable ? 'STRIPE' : 'BANK_TRANSFER';
  const [choice, setChoice] = useState<WithdrawalMethods>(stored);
  // The method changed elsewhere (another tab, a live refetch): the chooser follows it.
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    setChoice(stored);
  }
  const { error, saved, inFlight, save, dialog } = useSaveMethod();

  return (
    <Stack gap={4}>
      <Text data-testid="payout-method-current">
        {user.withdrawalMethod ? (
          <FormattedMessage
            id={user.withdrawalMethod === 'BANK_TRANSFER' && user.withdrawalMethodDetails ? 'payouts.method.currentDetails' : 'payouts.method.current'}
            values={{ method: <PayoutMethodText method={user.withdrawalMethod} />, details: user.withdrawalMethodDetails }}
          />
        ) : (
          <FormattedMessage id="payouts.method.none" />
        )}
      </Text>
      {saved ? (
        <Callout tone="success" role="status" data-testid="payout-method-saved">
          <FormattedMessage id="payouts.method.saved" />
        </Callout>
      ) : null}
      {error ? (
        <Callout tone="danger" role="alert" data-testid="payout-method-error">
          {error}
        </Callout>
      ) : null}
      <MethodChoice stripeAvailable={settings.stripeAvailable} stripeCountries={settings.stripeCountries} choice={choice} onChoice={setChoice} />
      {choice === 'STRIPE' ? (
        user.withdrawalMethod === 'STRIPE' ? null : (
          <div>
            <Button loading={inFlight} disabled={inFlight} onClick={() => void save('STRIPE')}>
              <FormattedMessage id="payouts.method.useStripe" />
            </Button>
          </div>
        )
      ) : (
        <BankAccountForm saving={inFlight} onSave={(account) => save('BANK_TRANSFER', account)} />
      )}
      <Text size="sm" tone="muted">
        <FormattedMessage id="payouts.method.cooldownNote" values={{ hours: settings.cooldownHours }} />
      </Text>
      {dialog}
    </Stack>
  );
}
