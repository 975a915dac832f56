/**
 * /profile/change-email (ACC-EMAIL): changing the sign-in address in two steps.
 * 1. The new address → `updateUser(id, email)`; the address does not change yet: the server sets
 *    `pendingEmail` and mails an 8-character code to the new address. The change needs a proof of
 *    the last 10 minutes (ACC-SUDO): after that, `REAUTHENTICATION_REQUIRED` opens the
 *    re-authentication dialog (password, authenticator code or passkey) and the change is sent
 *    again. `EMAIL_TAKEN` and `BAD_USER_INPUT` are shown at their fields.
 * 2. The code (EmailCodeForm → `confirmEmailChange`) — shown as well when the viewer arrives with a
 *    change already pending. "Use a different address" and "Cancel" abandon it (`cancelEmailChange`).
 * On success the user is back on /profile, which fetches the record afresh and shows the new address.
 */
import { email } from '@studio/site/fields';
import type { FieldProblem } from '@studio/site/problems';
import { Button, Form, FormMessage, Text, TextField } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { ChangeEmailPageCancelMutation } from './__generated__/ChangeEmailPageCancelMutation.graphql';
import type { ChangeEmailPageConfirmMutation } from './__generated__/ChangeEmailPageConfirmMutation.graphql';
import type { ChangeEmailPageQuery } from './__generated__/ChangeEmailPageQuery.graphql';
import type { ChangeEmailPageStartMutation } from './__generated__/ChangeEmailPageStartMutation.graphql';
import { useNotify } from '../../app/toasts';
import { runMutation } from '../../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocalizePath } from '../../i18n/useLocale';
import { useFocusWhen } from '../../account/useFocusWhen';
import { useReauthentication } from '../../account/ReauthDialog';
import { AccountFormActions, AccountShell } from '../../account/AccountShell';
import { EmailCodeForm } from './EmailCodeForm';
import { SignedOut } from '../../account/SignedOut';
import styles from '../../account/AccountShell.module.css';

const Query = graphql`
  query ChangeEmailPageQuery {
    viewer {
      id
      email
      pendingEmail
    }
  }
`;

const StartMutation = graphql`
  mutation ChangeEmailPageStartMutation($id: ID!, $email: String!) {
    updateUser(id: $id, email: $email) {
      id
      email
      pendingEmail
    }
  }
`;

const ConfirmMutation = graphql`
  mutation ChangeEmailPageConfirmMutation($code: String!) {
    confirmEmailChange(code: $code) {
      id
      email
      pendingEmail
      ...EmailVerificationBanner_user
    }
  }
`;

const CancelMutation = graphql`
  mutation ChangeEmailPageCancelMutation {
    cancelEmailChange {
      id
      pendingEmail
    }
  }
`;

/** Step 1's field: a new address (not the current one). */
function startSchema(currentEmail: string | null) {
  const current = currentEmail?.trim().toLowerCase();
  return z.object({ email: email.refine((address) => address !== current, 'passwords.changeEmail.same') });
}

/** Step 1: the new address, sent under the re-authentication window (ACC-SUDO). */
function StartForm(props: { viewerId: string; currentEmail: string | null; initialEmail: string; focusOnMount: boolean; onStarted: (email: string) => void }) {
  const [commit] = useMutation<ChangeEmailPageStartMutation>(StartMutation);
  const notify = useNotify();
  const inputRef = useFocusWhen<HTMLInputElement>(props.focusOnMount);
  const { withReauthentication, dialog } = useReauthentication();
  const { formProps, field, formMessage, busy } = useSchemaForm({
    schema: startSchema(props.currentEmail),
    defaultValue: { email: props.initialEmail },
    async onValid(value) {
      const result = await withReauthentication(() => runMutation(commit, { variables: { id: props.viewerId, email: value.email } }));
      if (!result) return; // the user closed the re-authentication dialog: the form stays as it was
      const { response, errors } = result;
      const error = firstError(errors);
      if (!error && response) {
        notify('toast.emailCodeSent', { values: { email: value.email } }); // FEEDBACK-TOAST
        return props.onStarted(value.email);
      }
      return SERVER_ERRORS.changeEmail(error);
    },
  });

  // The dialog outside the form: React events bubble through portals, and its own form's submit must not submit this one.
  return (
    <>
      <Form {...formProps}>
        {formMessage}
        <TextField
          ref={inputRef}
          label={<FormattedMessage id="passwords.changeEmail.newLabel" />}
          hint={<FormattedMessage id="passwords.changeEmail.newHint" />}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          {...field('email')}
        />
        <AccountFormActions busy={busy} label={<FormattedMessage id="passwords.changeEmail.submit" />} busyLabel={<FormattedMessage id="passwords.saving" />} />
      </Form>
      {dialog}
    </>
  );
}

/** Step 2: the code sent to the pending address. */
function ConfirmStep(props: {
  pendingEmail: string;
  focusOnMount: boolean;
  /** Called before the change is abandoned: 'edit' goes back to step 1, 'leave' to the profile. */
  onCancelling: (then: 'edit' | 'leave') => void;
  /** Called once the new address is confirmed (before the store's update shows step 1 again). */
  onConfirmed: () => void;
}) {
  const intl = useIntl();
  const to = useLocalizePath();
  const navigate = useNavigate();
  const notify = useNotify();
  const [commitConfirm] = useMutation<ChangeEmailPageConfirmMutation>(ConfirmMutation);
  const [commitCancel, cancelling] = useMutation<ChangeEmailPageCancelMutation>(CancelMutation);
  const [cancelError, setCancelError] = useState<FieldProblem | null>(null);
  // Arriving here from step 1: start reading at the explanation, right before the code field.
  const introRef = useFocusWhen<HTMLDivElement>(props.focusOnMount);

  async function confirm(code: string) {
    const { response, errors } = await runMutation(commitConfirm, { variables: { code } });
    if (!firstError(errors) && response) {
      props.onConfirmed();
      notify('toast.emailChanged'); // FEEDBACK-TOAST
      navigate(to('/profile'));
    }
    return errors;
  }

  async function cancel(then: 'edit' | 'leave') {
    if (cancelling) return;
    setCancelError(null);
    props.onCancelling(then);
    const { errors } = await runMutation(commitCancel, { variables: {} });
    const error = firstError(errors);
    if (error) setCancelError(SERVER_ERRORS.account(error).problem);
    else if (then === 'leave') navigate(to('/profile'));
  }

  const startAgain = (
    <Button type="button" variant="secondary" size="sm" loading={cancelling} onClick={() => void cancel('edit')}>
      <FormattedMessage id="passwords.changeEmail.startAgain" />
    </Button>
  );

  return (
    <div className={styles.stack}>
      <div ref={introRef} tabIndex={-1}>
        <Text>
          <FormattedMessage id="passwords.changeEmail.codeSent" values={{ email: <strong className={styles.current}>{props.pendingEmail}</strong> }} />
        </Text>
      </div>
      {cancelError ? <FormMessage tone="error">{intl.formatMessage({ id: cancelError.id }, cancelError.values)}</FormMessage> : null}
      <EmailCodeForm
        id="change-email-code"
        label={<FormattedMessage id="passwords.code.label" />}
        hint={<FormattedMessage id="passwords.changeEmail.codeHint" />}
        submitLabel={<FormattedMessage id="passwords.changeEmail.confirm" />}
        expiredMessage={<FormattedMessage id="passwords.changeEmail.expired" />}
        expiredAction={startAgain}
        submit={confirm}
        disabled={cancelling}
      >
        <Button type="button" variant="secondary" disabled={cancelling} onClick={() => void cancel('edit')}>
          <FormattedMessage id="passwords.changeEmail.differentAddress" />
        </Button>
        <Button type="button" variant="ghost" disabled={cancelling} onClick={() => void cancel('leave')}>
          <FormattedMessage id="passwords.changeEmail.cancelChange" />
        </Button>
      </EmailCodeForm>
    </div>
  );
}

function ChangeEmailContent(props: { fetchKey: number }) {
  const data = useLazyLoadQuery<ChangeEmailPageQuery>(Query, {}, { fetchPolicy: 'network-only', fetchKey: props.fetchKey });
  /** The address being changed to: kept when the user goes back to correct it. */
  const [draftEmail, setDraftEmail] = useState('');
  /** Whether the step on screen came from the user's action here (then focus moves to it). */
  const [moved, setMoved] = useState(false);
  /** Set when the page is about to go back to the profile: nothing else flashes meanwhile. */
  const [leaving, setLeaving] = useState(false);
  const viewer = data.viewer;
  if (!viewer) return <SignedOut />;
  if (leaving && !viewer.pendingEmail) return null;

  const current = (
    <Text tone="muted">
      <FormattedMessage id="passwords.changeEmail.current" values={{ email: <strong className={styles.current}>{viewer.email ?? '—'}</strong> }} />
    </Text>
  );

  if (viewer.pendingEmail) {
    return (
      <div className={styles.stack}>
        {current}
        <ConfirmStep
          pendingEmail={viewer.pendingEmail}
          focusOnMount={moved}
          onCancelling={(then) => {
            setLeaving(then === 'leave');
            setDraftEmail(viewer.pendingEmail ?? '');
            setMoved(true);
          }}
          onConfirmed={() => setLeaving(true)}
        />
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      {current}
      <StartForm
        viewerId={viewer.id}
        currentEmail={viewer.email ?? null}
        initialEmail={draftEmail}
        focusOnMount={moved}
        onStarted={(email) => {
          setDraftEmail(email);
          setMoved(true);
        }}
      />
    </div>
  );
}

/** The /profile/change-email route: a shell on the server, the two steps once hydrated and signed in. */
export function ChangeEmailPage() {
  return (
    <AccountShell
      title={<FormattedMessage id="page.profileChangeEmail.title" />}
      lead={<FormattedMessage id="passwords.changeEmail.lead" />}
      content={ChangeEmailContent}
    />
  );
}
