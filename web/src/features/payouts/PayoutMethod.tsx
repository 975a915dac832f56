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
import { SERVER_ERRORS, type ServerProblem, firstError } from '../../forms/serverErrors';
import type { PayoutMethod_settings$key } from './__generated__/PayoutMethod_settings.graphql';
import type { PayoutMethod_user$key } from './__generated__/PayoutMethod_user.graphql';
import type { BankAccountInput, PayoutMethodSetMutation, WithdrawalMethods } from './__generated__/PayoutMethodSetMutation.graphql';
import { BankAccountForm } from './BankAccountForm';
import { useReauthentication } from '../../account/ReauthDialog';
import { countryName } from './countries';
import { payoutProblem } from '../../account/payoutErrors';
import { PayoutMethodText } from '../../account/payoutLabels';
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
 * Saves a method (`setWithdrawalMethod`, after a recent proof: PAYOUT-REAUTH, the `dialog` to
 * render); `saved` and `error` are what the card says.
 */
function useSaveMethod() {
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const notify = useNotify();
  const [commit, inFlight] = useMutation<PayoutMethodSetMutation>(SetWithdrawalMethodMutation);
  const { withReauthentication, dialog } = useReauthentication();

  /** Saves the method; a refused bank field is answered for the bank form to show, anything else is said here. */
  async function save(method: WithdrawalMethods, bankAccount?: BankAccountInput): Promise<ServerProblem | null> {
    setError(null);
    setSaved(false);
    const result = await withReauthentication(() => runMutation(commit, { variables: { input: bankAccount ? { method, bankAccount } : { method } } }));
    if (!result) return null;
    if (result.response) {
      setSaved(true);
      notify('toast.payoutMethodSaved'); // FEEDBACK-TOAST
      return null;
    }
    const refused = SERVER_ERRORS.payout()(firstError(result.errors));
    if (refused.field) return refused;
    setError(payoutProblem(intl, result.errors).message);
    return null;
  }
  return { save, inFlight, error, saved, dialog };
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
  const { save, inFlight, error, saved, dialog } = useSaveMethod();

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
      <MethodChoice choice={choice} onChoice={setChoice} stripeCountries={settings.stripeAvailable ? settings.stripeCountries : null} />
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

/** The methods to choose from; Stripe only where the server offers it (`stripeCountries`: the countries it pays to, or null). */
function MethodChoice(props: { choice: WithdrawalMethods; onChoice: (choice: WithdrawalMethods) => void; stripeCountries: readonly string[] | null }) {
  const intl = useIntl();
  const name = useId();
  const countries = [...(props.stripeCountries ?? [])].map((code) => countryName(code, intl.locale)).sort(new Intl.Collator(intl.locale).compare);
  return (
    <fieldset className={styles.methods}>
      <legend className={styles.label}>
        <FormattedMessage id="payouts.method.choose" />
      </legend>
      {props.stripeCountries ? (
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
