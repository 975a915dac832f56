/**
 * The form behind /profile/set-password and /profile/change-password (ACC-PASSWORD): the current
 * password when the account has one, a new password under the shared rules (NewPasswordField,
 * checked with the common-password list on submit) and its repetition, sent with `updatePassword`
 * (`oldPassword` only when given). `WRONG_PASSWORD` is shown at the current-password field; the
 * server signs the other devices out and this one stays signed in. The store then holds
 * `passwordIsSet: true`; the page shows its confirmation (PasswordDone) through `onDone`.
 */
import { currentPassword } from '@studio/site/fields';
import { Button, Callout, Form } from '@studio/ui';
import { type ReactNode, useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { Link } from 'react-router';
import { z } from 'zod';
import type { UpdatePasswordFormMutation } from './__generated__/UpdatePasswordFormMutation.graphql';
import { runMutation } from '../../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocalizePath } from '../../i18n/useLocale';
import { ConfirmPasswordField, CurrentPasswordField, NewPasswordField } from '../auth/NewPasswordField';
import { confirmation, newPassword, waitForCommonPasswords, withConfirmation } from '../auth/passwordRules';
import { AccountFormActions } from './AccountShell';
import styles from './AccountShell.module.css';

const Mutation = graphql`
  mutation UpdatePasswordFormMutation($newPassword: String!, $oldPassword: String) {
    updatePassword(newPassword: $newPassword, oldPassword: $oldPassword) {
      user {
        id
        passwordIsSet
      }
    }
  }
`;

/** The fields in the form's order; the current password only when the account has one. */
const SCHEMAS = {
  change: withConfirmation(z.object({ oldPassword: currentPassword, newPassword, confirmation }), 'newPassword', 'confirmation'),
  set: withConfirmation(z.object({ newPassword, confirmation }), 'newPassword', 'confirmation'),
};

export function UpdatePasswordForm(props: {
  /** Whether the account has a password already (then the current one is asked for). */
  requireCurrent: boolean;
  submitLabel: ReactNode;
  onDone: () => void;
}) {
  const [commit] = useMutation<UpdatePasswordFormMutation>(Mutation);
  const { formProps, field, formMessage, busy } = useSchemaForm<typeof SCHEMAS.change | typeof SCHEMAS.set>({
    schema: props.requireCurrent ? SCHEMAS.change : SCHEMAS.set,
    prepare: waitForCommonPasswords('newPassword'),
    async onValid(value) {
      const oldPassword = 'oldPassword' in value ? value.oldPassword : null;
      const { response, errors } = await runMutation(commit, { variables: { newPassword: value.newPassword, oldPassword } });
      const error = firstError(errors);
      if (!error && response) return props.onDone();
      return SERVER_ERRORS.updatePassword(error);
    },
  });

  return (
    <Form {...formProps}>
      {formMessage}
      {props.requireCurrent ? <CurrentPasswordField {...field('oldPassword')} /> : null}
      <NewPasswordField {...field('newPassword')} />
      <ConfirmPasswordField {...field('confirmation')} />
      <AccountFormActions saving={busy}>{busy ? <FormattedMessage id="passwords.saving" /> : props.submitLabel}</AccountFormActions>
    </Form>
  );
}

/**
 * The confirmation after a password was set or changed: a success notice, focused so it is read at
 * once (the form that had focus is gone), and the way back to the profile.
 */
export function PasswordDone(props: { title: ReactNode; children: ReactNode }) {
  const to = useLocalizePath();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className={styles.stack}>
      <Callout ref={ref} tabIndex={-1} tone="success" title={props.title}>
        {props.children}
      </Callout>
      <div>
        <Button asChild>
          <Link to={to('/profile')}>
            <FormattedMessage id="passwords.backToProfile" />
          </Link>
        </Button>
      </div>
    </div>
  );
}
