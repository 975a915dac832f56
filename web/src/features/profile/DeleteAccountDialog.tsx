/**
 * The confirmation of "Delete account" (issue 6, item 7): an AlertDialog that says what goes (the
 * profile, photo, linked sign-in accounts, referral code; every device signed out; no undo) and
 * asks for proof that the owner is at the keyboard — the current password or, for an account
 * without one, its e-mail address typed out (`deleteUser(id, confirmation)`; a stolen access token
 * alone must not be enough). The confirm button stays disabled until something is typed; Enter in
 * the field confirms too. WRONG_PASSWORD is shown at the field with the text kept; other failures
 * above the buttons. On success `onDeleted` runs (the page signs out and leaves).
 */
import { AlertDialog, PasswordField, TextField } from '@studio/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import type { DeleteAccountDialogMutation } from './__generated__/DeleteAccountDialogMutation.graphql';
import { runMutation } from '../auth/forms';
import { type FieldProblem, confirmationProblem } from './fieldRules';
import { errorCode, genericProblem } from './serverErrors';
import styles from './blocks.module.css';

const DeleteMutation = graphql`
  mutation DeleteAccountDialogMutation($id: ID!, $confirmation: String!) {
    deleteUser(id: $id, confirmation: $confirmation) {
      id
    }
  }
`;

export interface DeleteAccountDialogProps {
  userId: string;
  /** The account's e-mail: what an account without a password types to confirm. */
  email: string;
  passwordIsSet: boolean;
  /** The button that opens the dialog. */
  trigger: ReactNode;
  /** Runs after the server deleted the account. */
  onDeleted: () => void | Promise<void>;
}

export function DeleteAccountDialog(props: DeleteAccountDialogProps) {
  const { passwordIsSet, email } = props;
  const intl = useIntl();
  const [commit] = useMutation<DeleteAccountDialogMutation>(DeleteMutation);
  const [value, setValue] = useState('');
  const [fieldProblem, setFieldProblem] = useState<FieldProblem | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  /** Shows a problem at the field and keeps the dialog open (AlertDialog stays open when the action throws). */
  function refuse(problem: FieldProblem | null, message: string | null = null): never {
    setFieldProblem(problem);
    setFormError(message);
    inputRef.current?.focus();
    inputRef.current?.select();
    throw new Error('The account was not deleted');
  }

  async function confirm() {
    if (busy) return;
    const found = confirmationProblem(value, { passwordIsSet, email });
    if (found) refuse(found);
    setFieldProblem(null);
    setFormError(null);
    setBusy(true);
    const { errors } = await runMutation(commit, { variables: { id: props.userId, confirmation: passwordIsSet ? value : value.trim() } });
    if (errors.length) {
      setBusy(false);
      if (errorCode(errors) === 'WRONG_PASSWORD') refuse({ id: passwordIsSet ? 'profile.delete.error.wrongPassword' : 'profile.delete.error.emailMismatch' });
      const problem = genericProblem(errors);
      refuse(null, intl.formatMessage({ id: problem.id }, problem.values));
    }
    // Stays busy: the page signs out and navigates away.
    await props.onDeleted();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The failure is already on screen; nothing else to do with it here.
    confirm().catch(() => undefined);
  }

  function onOpenChange(open: boolean) {
    if (open) return;
    // Nothing typed here outlives the dialog (it may be a password).
    setValue('');
    setFieldProblem(null);
    setFormError(null);
  }

  const error = fieldProblem ? intl.formatMessage({ id: fieldProblem.id }, fieldProblem.values) : undefined;

  return (
    <AlertDialog
      trigger={props.trigger}
      onOpenChange={onOpenChange}
      title={<FormattedMessage id="profile.delete.confirm.title" />}
      description={<FormattedMessage id="profile.delete.confirm.description" />}
      cancelLabel={<FormattedMessage id="profile.delete.confirm.cancel" />}
      confirmLabel={<FormattedMessage id="profile.delete.confirm.submit" />}
      onConfirm={confirm}
      confirmDisabled={!value}
      loading={busy}
      error={formError}
    >
      <form className={styles.dialogBody} noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        {passwordIsSet ? (
          <PasswordField
            ref={inputRef}
            name="confirmation"
            label={<FormattedMessage id="profile.delete.password.label" />}
            showLabel={intl.formatMessage({ id: 'auth.showPassword' })}
            hideLabel={intl.formatMessage({ id: 'auth.hidePassword' })}
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
            readOnly={busy}
          />
        ) : (
          <TextField
            ref={inputRef}
            name="confirmation"
            type="email"
            label={<FormattedMessage id="profile.delete.email.label" values={{ email }} />}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={error}
            readOnly={busy}
          />
        )}
      </form>
    </AlertDialog>
  );
}
