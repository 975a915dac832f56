/**
 * The confirmation of "Delete account" (ACC-DELETE): an AlertDialog that says what goes (the
 * profile, photo, linked sign-in accounts, referral code; every device signed out; no undo) and
 * asks for proof that the owner is at the keyboard — the current password or, for an account
 * without one, its e-mail address typed out (`deleteUser(id, confirmation)`; a stolen access token
 * alone must not be enough). The confirm button stays disabled until something is typed; Enter in
 * the field confirms too. WRONG_PASSWORD is shown at the field with the text kept; other failures
 * above the buttons. On success `onDeleted` runs (the page signs out and leaves).
 */
import { AlertDialog, PasswordField, TextField } from '@studio/ui';
import { type ReactNode, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { z } from 'zod';
import type { DeleteAccountDialogMutation } from './__generated__/DeleteAccountDialogMutation.graphql';
import { runMutation } from '../../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { deleteConfirmation } from './fieldRules';
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
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  /** Counts the times the dialog was closed: each opening starts a fresh form. */
  const [closed, setClosed] = useState(0);
  const { fields, formProps, error, formError, busy, submit } = useSchemaForm({
    id: `${baseId}-${closed}`,
    schema: z.object({ confirmation: deleteConfirmation({ passwordIsSet, email }) }),
    // A refused confirmation is selected, to be typed again.
    select: true,
    async onValid(value) {
      const { errors } = await runMutation(commit, { variables: { id: props.userId, confirmation: value.confirmation } });
      if (errors.length) {
        const found = SERVER_ERRORS.deleteAccount(passwordIsSet)(firstError(errors));
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

  async function confirm() {
    // AlertDialog stays open when this throws: the failure is already on screen.
    if (!(await submit())) throw new Error('The account was not deleted');
  }

  function onOpenChange(open: boolean) {
    // Nothing typed here outlives the dialog (it may be a password).
    if (!open) setClosed((count) => count + 1);
  }

  const input = { ref: inputRef, name: 'confirmation', error: error('confirmation'), readOnly: busy };

  return (
    <AlertDialog
      trigger={props.trigger}
      onOpenChange={onOpenChange}
      title={<FormattedMessage id="profile.delete.confirm.title" />}
      description={<FormattedMessage id="profile.delete.confirm.description" />}
      cancelLabel={<FormattedMessage id="profile.delete.confirm.cancel" />}
      confirmLabel={<FormattedMessage id="profile.delete.confirm.submit" />}
      onConfirm={confirm}
      confirmDisabled={!fields.confirmation.value}
      loading={busy}
      error={formError ?? null}
    >
      <form {...formProps} className={styles.dialogBody}>
        {passwordIsSet ? (
          <PasswordField
            {...input}
            label={<FormattedMessage id="profile.delete.password.label" />}
            showLabel={intl.formatMessage({ id: 'auth.showPassword' })}
            hideLabel={intl.formatMessage({ id: 'auth.hidePassword' })}
            autoComplete="current-password"
          />
        ) : (
          <TextField
            {...input}
            type="email"
            label={<FormattedMessage id="profile.delete.email.label" values={{ email }} />}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
          />
        )}
      </form>
    </AlertDialog>
  );
}
