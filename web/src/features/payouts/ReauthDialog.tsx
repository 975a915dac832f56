/**
 * Re-authentication before a sensitive mutation (PAYOUT-REAUTH, ACC-SUDO), shared by the payout
 * pages and the profile's security blocks: `useReauthentication()` gives
 * `withReauthentication(attempt)` and the `dialog` to render. `attempt` runs the mutation (a
 * runMutation promise); when it answers `REAUTHENTICATION_REQUIRED`, a dialog asks for the password
 * (`reauthenticate(password)`: `WRONG_PASSWORD` and `TOO_MANY_REQUESTS` with the wait shown at the
 * field), and once the password is proven the original mutation is sent again, once. Resolves with
 * the answer of the last attempt, or null when the user cancelled the dialog. "Use an authenticator
 * code instead" switches the field to a code of the authenticator app or a recovery code
 * (`reauthenticate(code)`, ACC-SUDO; a wrong one answers `CODE_INVALID`).
 */
import { Button, Callout, Dialog, DialogClose, PasswordField, Stack, TextField } from '@studio/ui';
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { type MutationResult, runMutation } from '../../forms/runMutation';
import { errorCode, firstError, formProblem, waitProblem } from '../../forms/serverErrors';
import type { ReauthDialogMutation } from './__generated__/ReauthDialogMutation.graphql';

const ReauthenticateMutation = graphql`
  mutation ReauthDialogMutation($password: String, $code: String) {
    reauthenticate(password: $password, code: $code) {
      validUntil
    }
  }
`;

/** The password dialog; `onDone(true)` once the password is proven, `onDone(false)` when closed. */
function ReauthDialog(props: { open: boolean; onDone: (proven: boolean) => void }) {
  const intl = useIntl();
  const [commit, inFlight] = useMutation<ReauthDialogMutation>(ReauthenticateMutation);
  const [password, setPassword] = useState('');
  /** The authenticator code (or a recovery code) instead of the password (ACC-SUDO). */
  const [useCode, setUseCode] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (!password) {
      setFieldError(intl.formatMessage({ id: useCode ? 'payouts.reauth.codeRequired' : 'payouts.reauth.required' }));
      return;
    }
    const { response, errors } = await runMutation(commit, { variables: useCode ? { code: password.trim() } : { password } });
    if (response) {
      setPassword('');
      props.onDone(true);
      return;
    }
    const error = firstError(errors);
    if (error?.code === 'WRONG_PASSWORD') setFieldError(intl.formatMessage({ id: 'passwords.error.wrongPassword' }));
    else if (error?.code === 'CODE_INVALID') setFieldError(intl.formatMessage({ id: 'payouts.reauth.wrongCode' }));
    else if (error?.code === 'TOO_MANY_REQUESTS' || error?.code === 'RATE_LIMITED') {
      const wait = waitProblem(error.extensions['retryAfterSeconds'] as number | undefined);
      setFieldError(intl.formatMessage({ id: wait.id }, wait.values));
    } else {
      const problem = formProblem(error ?? { code: 'UNKNOWN', extensions: {} });
      setFormError(intl.formatMessage({ id: problem.id }, problem.values));
    }
  }

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) {
          setPassword('');
          setFieldError(null);
          setFormError(null);
          props.onDone(false);
        }
      }}
      title={<FormattedMessage id="payouts.reauth.title" />}
      description={<FormattedMessage id="payouts.reauth.text" />}
      closeLabel={intl.formatMessage({ id: 'payouts.dialog.close' })}
      size="sm"
      data-testid="reauth-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap={4}>
          {formError ? (
            <Callout tone="danger" role="alert">
              {formError}
            </Callout>
          ) : null}
          {useCode ? (
            <TextField
              key="code"
              label={<FormattedMessage id="payouts.reauth.code" />}
              autoComplete="one-time-code"
              maxLength={40}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldError ?? undefined}
              required
            />
          ) : (
            <PasswordField
              label={<FormattedMessage id="payouts.reauth.password" />}
              showLabel={intl.formatMessage({ id: 'auth.showPassword' })}
              hideLabel={intl.formatMessage({ id: 'auth.hidePassword' })}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldError ?? undefined}
              required
            />
          )}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setUseCode(!useCode);
              setPassword('');
              setFieldError(null);
            }}
          >
            <FormattedMessage id={useCode ? 'payouts.reauth.usePassword' : 'payouts.reauth.useCode'} />
          </Button>
          <Stack direction="row" gap={2} justify="end">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                <FormattedMessage id="payouts.dialog.cancel" />
              </Button>
            </DialogClose>
            <Button type="submit" loading={inFlight} disabled={inFlight}>
              <FormattedMessage id="payouts.reauth.confirm" />
            </Button>
          </Stack>
        </Stack>
      </form>
    </Dialog>
  );
}

/** What `useReauthentication` gives: the wrapper for a mutation and the dialog to render once. */
export interface Reauthentication {
  /** Runs `attempt`; on `REAUTHENTICATION_REQUIRED` asks for the password and runs it once more. Null: the user cancelled. */
  withReauthentication: <T extends MutationParameters>(attempt: () => Promise<MutationResult<T>>) => Promise<MutationResult<T> | null>;
  dialog: ReactNode;
}

export function useReauthentication(): Reauthentication {
  const [open, setOpen] = useState(false);
  const pending = useRef<((proven: boolean) => void) | null>(null);
  const withReauthentication = useCallback(async <T extends MutationParameters>(attempt: () => Promise<MutationResult<T>>) => {
    const first = await attempt();
    if (errorCode(first.errors) !== 'REAUTHENTICATION_REQUIRED') return first;
    const proven = await new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setOpen(true);
    });
    return proven ? attempt() : null;
  }, []);
  const onDone = useCallback((proven: boolean) => {
    setOpen(false);
    const resolve = pending.current;
    pending.current = null;
    resolve?.(proven);
  }, []);
  return { withReauthentication, dialog: <ReauthDialog open={open} onDone={onDone} /> };
}
