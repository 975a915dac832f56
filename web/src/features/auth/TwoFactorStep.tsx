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
import { AlertDialog, Button, Callout, Form, Stack, TextField } from '@studio/ui';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { waitProblem } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { AuthApiError, loginSecondFactor } from '../../session/authApi';
import type { Credentials } from '../../session/cookies';
import { getDeviceToken } from '../../session/deviceToken';
import { requestTwoFactorRecovery } from './twoFactorRecoveryApi';

export function TwoFactorStep(props: {
  challengeToken: string;
  onSignedIn: (credentials: Credentials & { returnPath?: string }) => void;
  onRestart: () => void;
}) {
  const intl = useIntl();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [recoveryError, setRecoveryError] = useState<string | null>(null);
  const [dueAt, setDueAt] = useState<string | null>(null);

  /** The dialog's confirm: asks for the e-mail recovery; a failure keeps the dialog open and says why. */
  async function askRecovery() {
    setRecoveryError(null);
    try {
      setDueAt(await requestTwoFactorRecovery({ challengeToken: props.challengeToken, deviceToken: getDeviceToken() }));
    } catch (caught) {
      const failure = caught instanceof AuthApiError ? caught : null;
      if (failure?.code === 'TWO_FACTOR_CHALLENGE_INVALID') {
        setAsking(false);
        setExpired(true);
        return;
      }
      if (failure?.status === 429) {
        const wait = waitProblem(failure.retryAfterSeconds ?? undefined);
        setRecoveryError(intl.formatMessage({ id: wait.id }, wait.values));
      } else setRecoveryError(intl.formatMessage({ id: 'auth.twoFactor.lost.failed' }));
      throw caught;
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const typed = value.trim();
    if (!typed) {
      setError(intl.formatMessage({ id: 'auth.twoFactor.required' }));
      return;
    }
    setBusy(true);
    try {
      const credentials = await loginSecondFactor({
        challengeToken: props.challengeToken,
        deviceToken: getDeviceToken(),
        ...(recovery ? { recoveryCode: typed } : { code: typed.replace(/\s/g, '') }),
      });
      props.onSignedIn(credentials);
    } catch (caught) {
      const failure = caught instanceof AuthApiError ? caught : null;
      if (failure?.code === 'TWO_FACTOR_CHALLENGE_INVALID') setExpired(true);
      else if (failure?.code === 'TWO_FACTOR_CODE_INVALID')
        setError(intl.formatMessage({ id: recovery ? 'auth.twoFactor.wrongRecoveryCode' : 'auth.twoFactor.wrongCode' }));
      else if (failure?.status === 429) {
        const wait = waitProblem(failure.retryAfterSeconds ?? undefined);
        setError(intl.formatMessage({ id: wait.id }, wait.values));
      } else setError(intl.formatMessage({ id: 'auth.twoFactor.failed' }));
    } finally {
      setBusy(false);
    }
  }

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
    <Form onSubmit={(event) => void submit(event)} noValidate data-testid="two-factor-step">
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
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error ?? undefined}
        required
      />
      <SubmitButton busy={busy} label={<FormattedMessage id="auth.twoFactor.submit" />} busyLabel={<FormattedMessage id="auth.submitting" />} />
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
          setError(null);
        }}
      >
        <FormattedMessage id={recovery ? 'auth.twoFactor.useCode' : 'auth.twoFactor.useRecovery'} />
      </Button>
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
    </Form>
  );
}
