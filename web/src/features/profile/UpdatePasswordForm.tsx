/**
 * The form behind /profile/set-password and /profile/change-password (ACC-PASSWORD): the current
 * password when the account has one, a new password under the shared rules (NewPasswordField,
 * checked with the common-password list on submit) and its repetition, sent with `updatePassword`
 * (`oldPassword` only when given). `WRONG_PASSWORD` is shown at the current-password field, a new
 * password equal to the current one (`PASSWORD_UNCHANGED`, also checked here) at the new one; the
 * server signs the other devices out and this one stays signed in. Without a recent proof the server
 * answers `REAUTHENTICATION_REQUIRED` (ACC-SUDO): the shared re-authentication dialog asks for one and
 * the form is sent again once (cancelled: nothing more). The store then holds
 * `passwordIsSet: true`; the page shows its confirmation (PasswordDone) through `onDone`.
 * `PasswordPageContent` is what both pages show around the form; `NeedsPassword` the notice of a
 * page that needs a password the account does not have yet.
 */
import { currentPassword } from '@studio/site/fields';
import { Form } from '@studio/ui';
import { type ReactNode, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { z } from 'zod';
import type { UpdatePasswordFormMutation } from './__generated__/UpdatePasswordFormMutation.graphql';
import { useNotify } from '../../app/toasts';
import { runMutation } from '../../forms/runMutation';
import { useReauthentication } from '../../account/ReauthDialog';
import { SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { LinkCallout, SuccessNotice } from '../../account/notices';
import {
  ConfirmPasswordField,
  CurrentPasswordField,
  NewPasswordField,
  confirmation,
  newPassword,
  waitForCommonPasswords,
  withConfirmation,
  withContextWords,
} from '../auth';
import type { PasswordContext } from '@studio/site/passwords';
import { useAppContext } from '../../app/context';
import { AccountFormActions } from '../../account/AccountShell';
import { SignedOut } from '../../account/SignedOut';
import styles from '../../account/AccountShell.module.css';

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

/**
 * The fields in the form's order; the current password only when the account has one. The new
 * password must not be mostly the account's e-mail, username or the site's name (ACC-PASSWORD).
 */
function schemas(context: PasswordContext) {
  const words = () => context;
  return {
    // The current password typed again as the new one is no change (ACC-PASSWORD; the server says PASSWORD_UNCHANGED too).
    change: withContextWords(
      withConfirmation(z.object({ oldPassword: currentPassword, newPassword, confirmation }), 'newPassword', 'confirmation'),
      'newPassword',
      words,
    ).superRefine((value, ctx) => {
      if (value.newPassword && value.newPassword === value.oldPassword)
        ctx.addIssue({ code: 'custom', message: 'passwords.error.unchanged', path: ['newPassword'] });
    }),
    set: withContextWords(withConfirmation(z.object({ newPassword, confirmation }), 'newPassword', 'confirmation'), 'newPassword', words),
  };
}

export function UpdatePasswordForm(props: {
  /** Whether the account has a password already (then the current one is asked for). */
  requireCurrent: boolean;
  submitLabel: ReactNode;
  onDone: () => void;
  /** The account's e-mail address and username, words the new password must not mostly be. */
  email?: string | null | undefined;
  username?: string | null | undefined;
}) {
  const [commit] = useMutation<UpdatePasswordFormMutation>(Mutation);
  const { withReauthentication, dialog } = useReauthentication();
  const notify = useNotify();
  const { siteName } = useAppContext();
  const SCHEMAS = useMemo(() => schemas({ email: props.email, username: props.username, siteName }), [props.email, props.username, siteName]);
  const { formProps, field, formMessage, busy } = useSchemaForm<typeof SCHEMAS.change | typeof SCHEMAS.set>({
    schema: props.requireCurrent ? SCHEMAS.change : SCHEMAS.set,
    prepare: waitForCommonPasswords('newPassword'),
    async onValid(value) {
      const oldPassword = 'oldPassword' in value ? value.oldPassword : null;
      // Setting or changing the password needs a recent proof (ACC-SUDO): asked for, then sent again once.
      const result = await withReauthentication(() => runMutation(commit, { variables: { newPassword: value.newPassword, oldPassword } }));
      if (!result) return null;
      const { response, errors } = result;
      const error = firstError(errors);
      if (!error && response) {
        notify(props.requireCurrent ? 'toast.passwordChanged' : 'toast.passwordSet'); // FEEDBACK-TOAST
        return props.onDone();
      }
      return SERVER_ERRORS.updatePassword(error);
    },
  });

  // The dialog stays outside the form: its own form's submit would bubble through the portal into this one.
  return (
    <>
      <Form {...formProps}>
        {formMessage}
        {props.requireCurrent ? <CurrentPasswordField {...field('oldPassword')} /> : null}
        <NewPasswordField {...field('newPassword')} />
        <ConfirmPasswordField {...field('confirmation')} />
        <AccountFormActions busy={busy} label={props.submitLabel} busyLabel={<FormattedMessage id="passwords.saving" />} />
      </Form>
      {dialog}
    </>
  );
}

/**
 * The confirmation after a password was set or changed: a success notice, focused so it is read at
 * once (the form that had focus is gone), and the way back to the profile.
 */
function PasswordDone(props: { title: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.stack}>
      <SuccessNotice focus title={props.title} to="/profile" linkLabel={<FormattedMessage id="passwords.backToProfile" />}>
        {props.children}
      </SuccessNotice>
    </div>
  );
}

/**
 * What /profile/set-password and /profile/change-password show once their query answered: the
 * SignedOut note without a viewer; the confirmation once saved; `elsewhere` (the way to the other
 * page) when the account is on the other side of `passwordIsSet`; otherwise the form.
 */
export function PasswordPageContent(props: {
  viewer: { passwordIsSet?: boolean | null; email?: string | null; username?: string | null } | null | undefined;
  /** The change page (the account has a password) rather than the set page. */
  requireCurrent: boolean;
  submitLabel: ReactNode;
  doneTitle: ReactNode;
  done: ReactNode;
  elsewhere: ReactNode;
}) {
  const [done, setDone] = useState(false);
  if (!props.viewer) return <SignedOut />;
  if (done) return <PasswordDone title={props.doneTitle}>{props.done}</PasswordDone>;
  const otherSide = props.requireCurrent ? props.viewer.passwordIsSet === false : props.viewer.passwordIsSet;
  if (otherSide) return props.elsewhere;
  return (
    <UpdatePasswordForm
      requireCurrent={props.requireCurrent}
      submitLabel={props.submitLabel}
      onDone={() => setDone(true)}
      email={props.viewer.email}
      username={props.viewer.username}
    />
  );
}

/** In place of a form that needs the account's password when it has none (ACC-PASSWORD): the way to /profile/set-password. */
export function NeedsPassword(props: { title: ReactNode; children: ReactNode }) {
  return (
    <LinkCallout tone="info" role={null} title={props.title} to="/profile/set-password" linkLabel={<FormattedMessage id="passwords.setPassword.link" />}>
      {props.children}
    </LinkCallout>
  );
}
