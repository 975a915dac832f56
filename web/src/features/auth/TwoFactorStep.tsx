/**
 * The second step of a sign-in of an account with two-factor authentication (ACC-2FA): after the
 * password (or a social sign-in, /loading) the server answered a challenge token; this form asks
 * for the authenticator's 6-digit code, or with "Use a recovery code" for one of the recovery
 * codes, and completes the sign-in (`POST /api/auth/login/2fa`). A wrong code says how many tries
 * are left; an expired or spent challenge sends the visitor back to the password step.
 * "Can't use your authenticator or recovery codes?" asks first (a dialog explaining the delay),
 * then asks for the e-mail recovery (ACC-2FA-RECOVERY) and says when two-factor authentication will
 * be turned off unless the mailed link cancels it.
 */
import { authenticatorCode, recoveryCode } from '@studio/site/fields';
import { AlertDialog, Button, Callout, Form, Stack, TextField } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { SERVER_ERRORS, restError } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { loginSecondFactor } from '../../session/authApi';
import type { Credentials } from '../../session/cookies';
import { getDeviceToken } from '../../session/deviceToken';
import { requestTwoFactorRecovery } from './twoFactorRecoveryApi';

/** The code field's rule: an authenticator's code (spaces dropped) or a recovery code (trimmed). */
const CODE_SCHEMA = z.object({ code: authenticatorCode });
const RECOVERY_SCHEMA = z.object({ code: recoveryCode });

export function TwoFactorStep(props: {
  challengeToken: string;
  onSignedIn: (credentials: Credentials & { returnPath?: string }) => void;
  onRestart: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const [expired, setExpired] = useState(false);
  // Switching between a code and a recovery code starts the field afresh (empty, no message).
  const { formProps, field, busy } = useSchemaForm({
    id: recovery ? 'two-factor-recovery' : 'two-factor-code',
    schema: recovery ? RECOVERY_SCHEMA : CODE_SCHEMA,
    async onValid(value) {
      try {
        const typed = recovery ? { recoveryCode: value.code } : { code: value.code };
        props.onSignedIn(await loginSecondFactor({ challengeToken: props.challengeToken, deviceToken: getDeviceToken(), ...typed }));
      } catch (caught) {
        const failure = restError(caught);
        if (failure.code === 'TWO_FACTOR_CHALLENGE_INVALID') return setExpired(true);
        return SERVER_ERRORS.twoFactorSignIn(recovery)(failure);
      }
    },
  });

  if (expired) {
    return (
      <Stack gap={4}>
        <Callout tone="danger" role="alert">
          <FormattedMessage id="auth.twoFactor.expired" />
        </Callout>
        <Button onClick={props.onRestart}>
          <FormattedMessage id="auth.twoFactor.restart" />
        </Button>
      </Stack>
    );
  }
  return (
    <Form {...formProps} data-testid="two-factor-step">
      <p>
        <FormattedMessage id={recovery ? 'auth.twoFactor.recoveryText' : 'auth.twoFactor.text'} />
      </p>
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={<FormattedMessage id={recovery ? 'auth.twoFactor.recoveryLabel' : 'auth.twoFactor.codeLabel'} />}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 40 : 7}
        autoFocus
        required
        {...field('code')}
      />
      <SubmitButton busy={busy} label={<FormattedMessage id="auth.twoFactor.submit" />} busyLabel={<FormattedMessage id="auth.submitting" />} />
      <Button type="button" variant="ghost" onClick={() => setRecovery(!recovery)}>
        <FormattedMessage id={recovery ? 'auth.twoFactor.useCode' : 'auth.twoFactor.useRecovery'} />
      </Button>
      <LostAuthenticator challengeToken={props.challengeToken} onExpired={() => setExpired(true)} />
    </Form>
  );
}

/**
 * "Can't use your authenticator or recovery codes?" (ACC-2FA-RECOVERY): asks first, then asks for
 * the e-mail recovery and says when two-factor authentication goes; a spent challenge `onExpired`.
 */
function LostAuthenticator(props: { challengeToken: string; onExpired: () => void }) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const [recoveryError, setRecoveryError] = useState<string | null>(null);
  const [dueAt, setDueAt] = useState<string | null>(null);

  /** The dialog's confirm: asks for the e-mail recovery; a failure keeps the dialog open and says why. */
  async function askRecovery() {
    setRecoveryError(null);
    try {
      setDueAt(await requestTwoFactorRecovery({ challengeToken: props.challengeToken, deviceToken: getDeviceToken() }));
    } catch (caught) {
      const failure = restError(caught);
      if (failure.code === 'TWO_FACTOR_CHALLENGE_INVALID') {
        setAsking(false);
        props.onExpired();
        return;
      }
      const { problem } = SERVER_ERRORS.twoFactorRecovery(failure);
      setRecoveryError(intl.formatMessage({ id: problem.id }, problem.values));
      throw caught;
    }
  }

  return (
    <>
      {dueAt ? (
        <Callout tone="info" data-testid="two-factor-recovery-requested">
          <FormattedMessage id="auth.twoFactor.lost.requested" values={{ date: intl.formatDate(dueAt, { dateStyle: 'long', timeStyle: 'short' }) }} />
        </Callout>
      ) : (
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setRecoveryError(null);
            setAsking(true);
          }}
        >
          <FormattedMessage id="auth.twoFactor.lost.link" />
        </Button>
      )}
      <AlertDialog
        open={asking}
        onOpenChange={setAsking}
        title={<FormattedMessage id="auth.twoFactor.lost.title" />}
        description={<FormattedMessage id="auth.twoFactor.lost.text" />}
        cancelLabel={<FormattedMessage id="auth.twoFactor.lost.cancel" />}
        confirmLabel={<FormattedMessage id="auth.twoFactor.lost.confirm" />}
        error={recoveryError}
        onConfirm={askRecovery}
      />
    </>
  );
}
