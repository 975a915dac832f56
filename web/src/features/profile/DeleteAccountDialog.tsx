/**
 * The confirmation of "Delete account" (ACC-DELETE): an AlertDialog that says what goes (the
 * profile, photo, linked sign-in accounts, referral code; every device signed out; no undo) and
 * asks for proof that the owner is at the keyboard (`deleteUser(id, confirmation)`; a stolen access
 * token alone must not be enough): the current password, or, for an account without one, a code
 * mailed to its address — first "Send code" (`sendAccountDeletionCode`), then the code field. The
 * confirm button stays disabled until something is typed; Enter in the field confirms too. A wrong
 * password or code is shown at the field with the text kept and selected; the wait after too many
 * attempts, a void code and other failures above the buttons, in the user's language. On success
 * `onDeleted` runs (the page signs out and leaves).
 *
 * Earnings (LEDGER-DELETION, from `balances`): while money is in payout (`inPayout` > 0 in any
 * currency) the dialog says the account cannot be deleted yet and asks for nothing (the confirm
 * button stays disabled; the server would answer `PAYOUT_IN_PROGRESS`, which the dialog also reads);
 * earnings still on the accounts (`available` + `pending` > 0) are named as money and the dialog
 * warns they will be forfeited.
 */
import type { FieldProblem } from '@studio/site/problems';
import { AlertDialog, Button, Callout, FormMessage, PasswordField, Text, TextField } from '@studio/ui';
import { type ComponentProps, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { FormattedMessage, FormattedTime, type IntlShape, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { z } from 'zod';
import type { DeleteAccountDialogMutation } from './__generated__/DeleteAccountDialogMutation.graphql';
import type { DeleteAccountDialogSendCodeMutation } from './__generated__/DeleteAccountDialogSendCodeMutation.graphql';
import { runMutation } from '../../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { deleteConfirmation } from './fieldRules';
import { minorToMajor } from '../../account/money';
import styles from '../../account/blocks.module.css';

const DeleteMutation = graphql`
  mutation DeleteAccountDialogMutation($id: ID!, $confirmation: String!) {
    deleteUser(id: $id, confirmation: $confirmation) {
      id
    }
  }
`;

const SendCodeMutation = graphql`
  mutation DeleteAccountDialogSendCodeMutation {
    sendAccountDeletionCode {
      sentTo
      expiresAt
    }
  }
`;

export interface DeleteAccountDialogProps {
  userId: string;
  /** The account's e-mail: where the code of an account without a password goes. */
  email: string;
  passwordIsSet: boolean;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  /** Runs after the server deleted the account. */
  onDeleted: () => void | Promise<void>;
  /** The account's earnings per currency (`User.balances`, minor units); none when absent. */
  balances?: readonly EarningsBalance[] | null;
}

/** A user's earnings in one currency, in its minor units (`LedgerBalance`). */
export interface EarningsBalance {
  currency: string;
  available: number;
  pending: number;
  inPayout: number;
}

/**
 * What the deletion would forfeit (LEDGER-DELETION): per currency the positive `available` plus
 * `pending`, as money in the page's language, joined as a list ("$12.00 and €5.00"); null for none.
 */
export function forfeitedEarnings(balances: readonly EarningsBalance[], intl: IntlShape): string | null {
  const amounts = balances
    .map((row) => ({ currency: row.currency, minor: Math.max(0, row.available) + Math.max(0, row.pending) }))
    .filter((row) => row.minor > 0)
    .map((row) => {
      const major = minorToMajor(row.minor, row.currency);
      return major === null ? `${row.minor} ${row.currency}` : intl.formatNumber(major, { style: 'currency', currency: row.currency });
    });
  return amounts.length ? intl.formatList(amounts, { type: 'conjunction' }) : null;
}

/** The code mail sent from this dialog: where to, until when, and how many were sent (a new one starts the field afresh). */
interface Sent {
  to: string;
  expiresAt: string;
  count: number;
}

/** The confirmation of "Delete account" (see the top of this file). */
export function DeleteAccountDialog(props: DeleteAccountDialogProps) {
  const balances = props.balances ?? [];
  const payoutInProgress = balances.some((row) => row.inPayout > 0);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  /** Counts the times the dialog was closed: each opening starts a fresh form. */
  const [closed, setClosed] = useState(0);
  const code = useDeletionCode(inputRef);
  const { fields, formProps, error, formError, busy, submit } = useDeleteForm(props, inputRef, `${baseId}-${closed}-${code.sent?.count ?? 0}`);

  async function confirm() {
    // AlertDialog stays open when this throws: the failure is already on screen.
    if (!(await submit())) throw new Error('The account was not deleted');
  }

  function onOpenChange(open: boolean) {
    // Nothing typed here outlives the dialog (it may be a password).
    if (!open) {
      setClosed((count) => count + 1);
      code.setSendError(null);
    }
  }

  return (
    <AlertDialog
      trigger={props.trigger}
      onOpenChange={onOpenChange}
      title={<FormattedMessage id="profile.delete.confirm.title" />}
      description={<FormattedMessage id="profile.delete.confirm.description" />}
      cancelLabel={<FormattedMessage id="profile.delete.confirm.cancel" />}
      confirmLabel={<FormattedMessage id="profile.delete.confirm.submit" />}
      onConfirm={confirm}
      confirmDisabled={payoutInProgress || !fields.confirmation.value}
      loading={busy}
      error={formError ?? null}
    >
      {payoutInProgress ? (
        <Callout tone="warning" data-testid="delete-payout-in-progress">
          <FormattedMessage id="profile.delete.payout.blocked" />
        </Callout>
      ) : (
        <DeleteAccountForm
          formProps={formProps}
          input={{ ref: inputRef, name: 'confirmation', error: error('confirmation'), readOnly: busy }}
          passwordIsSet={props.passwordIsSet}
          email={props.email}
          balances={balances}
          code={code}
        />
      )}
    </AlertDialog>
  );
}

/** The confirmation form: sends `deleteUser` and answers what the server refused. */
function useDeleteForm(props: DeleteAccountDialogProps, inputRef: RefObject<HTMLInputElement | null>, id: string) {
  const [commit] = useMutation<DeleteAccountDialogMutation>(DeleteMutation);
  return useSchemaForm({
    id,
    schema: z.object({ confirmation: deleteConfirmation({ passwordIsSet: props.passwordIsSet }) }),
    // A refused confirmation is selected, to be typed again.
    select: true,
    async onValid(value) {
      const { errors } = await runMutation(commit, { variables: { id: props.userId, confirmation: value.confirmation } });
      if (errors.length) {
        const found = SERVER_ERRORS.deleteAccount(firstError(errors));
        if (found.field === null) {
          inputRef.current?.focus();
          inputRef.current?.select();
        }
        return found;
      }
      // Stays busy: the page signs out and navigates away.
      await props.onDeleted();
    },
  });
}

/** The code of an account without a password: "Send code" mails it, then the field takes it. */
function useDeletionCode(inputRef: RefObject<HTMLInputElement | null>) {
  const [commitSend, sending] = useMutation<DeleteAccountDialogSendCodeMutation>(SendCodeMutation);
  const [sent, setSent] = useState<Sent | null>(null);
  const [sendError, setSendError] = useState<FieldProblem | null>(null);

  async function sendCode() {
    if (sending) return;
    setSendError(null);
    const { response, errors } = await runMutation(commitSend, { variables: {} });
    const failure = firstError(errors);
    if (!failure && response) {
      const payload = response.sendAccountDeletionCode;
      setSent((previous) => ({ to: payload.sentTo, expiresAt: payload.expiresAt, count: (previous?.count ?? 0) + 1 }));
      // The field appears with the next render; put the cursor there.
      setTimeout(() => inputRef.current?.focus(), 0);
      return;
    }
    // A wait (codeSend limit) says how long, in the user's language.
    setSendError(SERVER_ERRORS.account(failure).problem);
  }

  return { sending, sent, sendError, setSendError, sendCode };
}

/** The confirmation input's props: the password or the mailed code. */
interface ConfirmationInput {
  ref: RefObject<HTMLInputElement | null>;
  name: string;
  error: string | undefined;
  readOnly: boolean;
}

/** The dialog's form: the earnings it forfeits, then the password field or the mailed code's. */
function DeleteAccountForm(props: {
  formProps: ComponentProps<'form'>;
  input: ConfirmationInput;
  passwordIsSet: boolean;
  email: string;
  balances: readonly EarningsBalance[];
  code: ReturnType<typeof useDeletionCode>;
}) {
  const { input } = props;
  const intl = useIntl();
  const forfeited = forfeitedEarnings(props.balances, intl);
  return (
    <form {...props.formProps} className={styles.dialogBody}>
      {forfeited ? (
        <Callout tone="warning" data-testid="delete-forfeit">
          <FormattedMessage id="profile.delete.earnings.forfeit" values={{ amount: forfeited }} />
        </Callout>
      ) : null}
      {props.passwordIsSet ? (
        <PasswordField
          {...input}
          label={<FormattedMessage id="profile.delete.password.label" />}
          showLabel={intl.formatMessage({ id: 'auth.showPassword' })}
          hideLabel={intl.formatMessage({ id: 'auth.hidePassword' })}
          autoComplete="current-password"
        />
      ) : (
        <CodeFields input={input} email={props.email} code={props.code} />
      )}
    </form>
  );
}

/** Where the code went and its field (or what "Send code" does), what stopped the mail, and the send button. */
function CodeFields(props: { input: ConfirmationInput; email: string; code: ReturnType<typeof useDeletionCode> }) {
  const intl = useIntl();
  const { sent, sending, sendError, sendCode } = props.code;
  return (
    <>
      {sent ? (
        <>
          <FormMessage tone="success">
            <FormattedMessage
              id="profile.delete.code.sent"
              values={{ email: sent.to, time: <FormattedTime value={sent.expiresAt} hour="numeric" minute="2-digit" /> }}
            />
          </FormMessage>
          <TextField
            {...props.input}
            label={<FormattedMessage id="profile.delete.code.label" />}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={16}
            dir="ltr"
          />
        </>
      ) : (
        <Text>
          <FormattedMessage id="profile.delete.code.intro" values={{ email: props.email }} />
        </Text>
      )}
      {sendError ? <FormMessage tone="error">{intl.formatMessage({ id: sendError.id }, sendError.values)}</FormMessage> : null}
      <div>
        <Button type="button" variant={sent ? 'ghost' : 'secondary'} size="sm" loading={sending} onClick={() => void sendCode()}>
          <FormattedMessage id={sending ? 'profile.delete.code.sending' : sent ? 'profile.delete.code.resend' : 'profile.delete.code.send'} />
        </Button>
      </div>
    </>
  );
}
