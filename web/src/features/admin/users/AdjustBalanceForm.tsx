/**
 * "Adjust balance" on a user's admin page (LEDGER-ADJUSTMENT, LEDGER-IDEMPOTENCY): a signed amount
 * in major units, its currency and a reason the user will see (required, 1–500 characters). A valid
 * form opens a confirmation that restates the amount, its direction and the user; only its confirm
 * button posts `postLedgerAdjustment`. The idempotency key is made once when the form opens
 * (`crypto.randomUUID`), so a double submit, or a retry after a lost answer, posts at most once.
 * The form's rules are adjustment.ts's (useSchemaForm: the first invalid field gets the focus); the
 * server's refusals are shown at their field or in the confirmation (`SERVER_ERRORS.adjustment`).
 */
import { AlertDialog, Button, NativeSelect, Stack, Text, TextField, Textarea } from '@studio/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { runMutation } from '../../../forms/runMutation';
import { SERVER_ERRORS, type ServerProblem, firstError } from '../../../forms/serverErrors';
import { useSchemaForm } from '../../../forms/useSchemaForm';
import type { AdjustBalanceFormMutation } from './__generated__/AdjustBalanceFormMutation.graphql';
import { ADJUSTMENT_REASON_MAX, adjustmentSchema } from './adjustment';
import { Money } from '../../../account/Money';
import styles from './Users.module.css';

const AdjustMutation = graphql`
  mutation AdjustBalanceFormMutation($input: PostLedgerAdjustmentInput!) {
    postLedgerAdjustment(input: $input) {
      transaction {
        id
        amount {
          amount
          currency
        }
      }
      user {
        id
        balance
        held
        balanceCurrency
        balances {
          currency
          available
          pending
          inPayout
        }
      }
    }
  }
`;

/** A valid adjustment waiting for its confirmation (amount in signed minor units). */
interface Draft {
  amount: number;
  currency: string;
  reason: string;
}

export interface AdjustBalanceFormProps {
  user: { id: string; fullName: string; email: string | null };
  /** The currencies offered; the first is the default (the user's `balanceCurrency`). */
  currencies: readonly string[];
  /** After a posted adjustment, with its signed amount. */
  onPosted: (posted: { amount: number; currency: string }) => void;
  onCancel: () => void;
}

/**
 * Posts a confirmed adjustment with the key made when the form opened (LEDGER-IDEMPOTENCY): a second
 * confirm while it runs waits for the same post. A refused field goes back to the form
 * (`onRefusedField`); anything else is said in the confirmation (`error`), which stays open.
 */
function usePostAdjustment(props: AdjustBalanceFormProps, onRefusedField: (found: ServerProblem<'amount' | 'currency' | 'reason'>) => void) {
  const intl = useIntl();
  const [commit] = useMutation<AdjustBalanceFormMutation>(AdjustMutation);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<ReactNode>(null);
  const inFlight = useRef<Promise<void> | null>(null);

  async function post(current: Draft) {
    const { response, errors } = await runMutation(commit, {
      variables: { input: { userId: props.user.id, amount: current.amount, currency: current.currency, reason: current.reason, idempotencyKey } },
    });
    if (response) return props.onPosted({ amount: current.amount, currency: current.currency });
    const found = SERVER_ERRORS.adjustment(firstError(errors));
    if (found.field) return onRefusedField(found);
    setError(intl.formatMessage({ id: found.problem.id }, found.problem.values));
    throw new Error('The adjustment was not posted');
  }

  const confirm = (draft: Draft) => {
    inFlight.current ??= post(draft).finally(() => {
      inFlight.current = null;
    });
    return inFlight.current;
  };
  return { confirm, error, clearError: () => setError(null) };
}

/** The form; mount it when the administrator opens it (the idempotency key is made then). */
export function AdjustBalanceForm(props: AdjustBalanceFormProps) {
  const intl = useIntl();
  // The amount is read in the chosen currency's decimals.
  const [currency, setCurrency] = useState(props.currencies[0] ?? 'USD');
  const [draft, setDraft] = useState<Draft | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const message = (id: string) => intl.formatMessage({ id });
  // The form opens on its first field.
  useEffect(() => amountRef.current?.focus(), []);
  const { formProps, field, fail } = useSchemaForm({
    schema: adjustmentSchema(currency, intl.locale),
    defaultValue: { currency: props.currencies[0] ?? 'USD' },
    recheck: 'inError',
    // Valid: the confirmation restates it; only its button posts.
    onValid(value) {
      posting.clearError();
      setDraft(value);
    },
  });
  // Back to the form, with the message at the field the server named.
  const posting = usePostAdjustment(props, (found) => {
    setDraft(null);
    fail(found);
  });

  return (
    <>
      <form {...formProps} aria-label={message('admin.earnings.adjust.title')} className={styles.controls}>
        <TextField
          ref={amountRef}
          label={message('admin.earnings.adjust.amount')}
          hint={message('admin.earnings.adjust.amount.hint')}
          inputMode="decimal"
          autoComplete="off"
          required
          {...field('amount')}
        />
        <NativeSelect
          label={message('admin.earnings.adjust.currency')}
          {...field('currency')}
          onValueChange={setCurrency}
          options={currencyOptions(props.currencies, intl.locale)}
        />
        <Textarea
          label={message('admin.earnings.adjust.reason')}
          hint={message('admin.earnings.adjust.reason.hint')}
          required
          rows={3}
          maxLength={ADJUSTMENT_REASON_MAX}
          {...field('reason')}
        />
        <Stack direction="row" gap={2} wrap>
          <Button type="submit">
            <FormattedMessage id="admin.earnings.adjust.review" />
          </Button>
          <Button type="button" variant="secondary" onClick={props.onCancel}>
            <FormattedMessage id="admin.users.confirm.cancel" />
          </Button>
        </Stack>
      </form>
      <ConfirmAdjustment
        draft={draft}
        user={props.user}
        error={posting.error}
        onConfirm={() => (draft ? posting.confirm(draft) : undefined)}
        onClose={() => setDraft(null)}
      />
    </>
  );
}

/** The currencies offered, each with its name in `locale` ("EUR — Euro"). */
function currencyOptions(currencies: readonly string[], locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'currency' });
  return currencies.map((code) => ({ value: code, label: `${code} — ${names.of(code) ?? code}` }));
}

/** The confirmation: the amount, its direction and the user restated; only its button posts. */
function ConfirmAdjustment(props: {
  draft: Draft | null;
  user: AdjustBalanceFormProps['user'];
  error: ReactNode;
  onConfirm: () => Promise<void> | undefined;
  onClose: () => void;
}) {
  const { draft } = props;
  const sign = draft && draft.amount < 0 ? 'take' : 'add';
  return (
    <AlertDialog
      open={draft !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      tone={sign === 'take' ? 'danger' : 'default'}
      title={<FormattedMessage id="admin.earnings.adjust.confirm.title" />}
      description={
        draft ? (
          <FormattedMessage
            id={`admin.earnings.adjust.confirm.${sign}`}
            values={{
              amount: <Money minor={Math.abs(draft.amount)} currency={draft.currency} />,
              name: props.user.fullName,
              email: props.user.email ?? '—',
            }}
          />
        ) : null
      }
      cancelLabel={<FormattedMessage id="admin.users.confirm.cancel" />}
      confirmLabel={<FormattedMessage id="admin.earnings.adjust.confirm.submit" />}
      onConfirm={props.onConfirm}
      error={props.error}
    >
      {draft ? (
        <Text size="sm">
          <FormattedMessage id="admin.earnings.adjust.confirm.reason" values={{ reason: draft.reason }} />
        </Text>
      ) : null}
    </AlertDialog>
  );
}
