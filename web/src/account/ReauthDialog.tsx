/**
 * Re-authentication before a sensitive mutation (PAYOUT-REAUTH, ACC-SUDO), shared by the payout
 * pages and the profile: `useReauthentication()` gives `withReauthentication(attempt)` and the
 * `dialog` to render. `attempt` runs the mutation (a runMutation promise); when it answers
 * `REAUTHENTICATION_REQUIRED`, a dialog asks for one of the proofs the error names
 * (`extensions.methods`; without them, the password or a code): the password
 * (`WRONG_PASSWORD` and `TOO_MANY_REQUESTS` with the wait shown at the field), an authenticator or
 * recovery code (`CODE_INVALID`), a passkey (ReauthPasskey) or, for an account without a password
 * or second factor, a code mailed to its address (`EMAIL_CODE`: `sendReauthenticationCode`, then
 * `reauthenticate(emailCode:)`; `CODE_INVALID`, `CODE_EXPIRED` and `TOO_MANY_REQUESTS` at the
 * field). Once proven, the original mutation
 * is sent again, once. Resolves with the answer of the last attempt, or null when the user
 * cancelled. An account with no proof to give (the error names none) is offered a fresh sign-in
 * that comes back here.
 */
import { Button, Callout, Dialog, DialogActions, PasswordField, Stack, TextField } from '@studio/ui';
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { type MutationResult, runMutation } from '../forms/runMutation';
import { type ServerError, firstError, formProblem, waitProblem } from '../forms/serverErrors';
import { ReauthPasskey } from './ReauthPasskey';
import { DEFAULT_METHODS, LEAD, type ProofMethod, SWITCH_LABEL, codeFieldMessage, methodsOf } from './proofMethods';
import { SignInAgain } from './SignInAgain';
import type { ReauthDialogMutation } from './__generated__/ReauthDialogMutation.graphql';
import type { ReauthDialogEmailCodeMutation } from './__generated__/ReauthDialogEmailCodeMutation.graphql';
import type { ReauthDialogSendCodeMutation } from './__generated__/ReauthDialogSendCodeMutation.graphql';

const ReauthenticateMutation = graphql`
  mutation ReauthDialogMutation($password: String, $code: String) {
    reauthenticate(password: $password, code: $code) {
      validUntil
    }
  }
`;

const SendCodeMutation = graphql`
  mutation ReauthDialogSendCodeMutation {
    sendReauthenticationCode {
      sentTo
      expiresAt
    }
  }
`;

const EmailCodeMutation = graphql`
  mutation ReauthDialogEmailCodeMutation($emailCode: String!) {
    reauthenticate(emailCode: $emailCode) {
      validUntil
    }
  }
`;

export type { ProofMethod } from './proofMethods';

/**
 * The mailed code (EMAIL_CODE, ACC-SUDO): "Send me a code" mails one to the account's address
 * (`sendReauthenticationCode`; the address it went to is shown), then the code is given to
 * `reauthenticate(emailCode:)`; `onProven()` once the server accepted it. Refusals at the field.
 */
function EmailCodeProof(props: { onProven: () => void; children: ReactNode }) {
  const intl = useIntl();
  const [send, sending] = useMutation<ReauthDialogSendCodeMutation>(SendCodeMutation);
  const [prove, proving] = useMutation<ReauthDialogEmailCodeMutation>(EmailCodeMutation);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  function showError(error: ServerError | null) {
    const atField = error ? codeFieldMessage(intl, error) : null;
    if (atField) return setFieldError(atField);
    const problem = formProblem(error ?? { code: 'UNKNOWN', extensions: {} });
    setFormError(intl.formatMessage({ id: problem.id }, problem.values));
  }

  async function sendCode() {
    setFieldError(null);
    setFormError(null);
    const { response, errors } = await runMutation(send, { variables: {} });
    if (response) {
      setSentTo(response.sendReauthenticationCode.sentTo);
      setValue('');
      return;
    }
    showError(firstError(errors));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (!value.trim()) {
      setFieldError(intl.formatMessage({ id: 'payouts.reauth.codeRequired' }));
      return;
    }
    const { response, errors } = await runMutation(prove, { variables: { emailCode: value.trim() } });
    if (response) {
      setValue('');
      props.onProven();
      return;
    }
    showError(firstError(errors));
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap={4}>
        {formError ? (
          <Callout tone="danger" role="alert">
            {formError}
          </Callout>
        ) : null}
        <p role="status">{sentTo ? <FormattedMessage id="payouts.reauth.emailSent" values={{ address: <bdi>{sentTo}</bdi> }} /> : null}</p>
        <Button type="button" variant={sentTo ? 'ghost' : 'secondary'} size="sm" loading={sending} disabled={sending} onClick={() => void sendCode()}>
          <FormattedMessage id={sentTo ? 'payouts.reauth.emailResend' : 'payouts.reauth.emailSend'} />
        </Button>
        {sentTo || fieldError ? (
          <TextField
            label={<FormattedMessage id="payouts.reauth.emailCode" />}
            autoComplete="one-time-code"
            maxLength={40}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError ?? undefined}
            required
          />
        ) : null}
        {props.children}
        <DialogActions cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}>
          <Button type="submit" loading={proving} disabled={proving || !sentTo}>
            <FormattedMessage id="payouts.reauth.confirm" />
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

/** The password or code form; `onProven()` once the server accepted it. */
function SecretProof(props: { method: 'PASSWORD' | 'TOTP'; onProven: () => void; children: ReactNode }) {
  const intl = useIntl();
  const [commit, inFlight] = useMutation<ReauthDialogMutation>(ReauthenticateMutation);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const useCode = props.method === 'TOTP';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setFormError(null);
    if (!value) {
      setFieldError(intl.formatMessage({ id: useCode ? 'payouts.reauth.codeRequired' : 'payouts.reauth.required' }));
      return;
    }
    const { response, errors } = await runMutation(commit, { variables: useCode ? { code: value.trim() } : { password: value } });
    if (response) {
      setValue('');
      props.onProven();
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
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError ?? undefined}
            required
          />
        ) : (
          <PasswordField
            label={<FormattedMessage id="payouts.reauth.password" />}
            showLabel={intl.formatMessage({ id: 'auth.showPassword' })}
            hideLabel={intl.formatMessage({ id: 'auth.hidePassword' })}
            autoComplete="current-password"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError ?? undefined}
            required
          />
        )}
        {props.children}
        <DialogActions cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}>
          <Button type="submit" loading={inFlight} disabled={inFlight}>
            <FormattedMessage id="payouts.reauth.confirm" />
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

/** The dialog; `onDone(true)` once a proof is accepted, `onDone(false)` when closed. */
function ReauthDialog(props: { open: boolean; methods: ProofMethod[]; onDone: (proven: boolean) => void }) {
  const intl = useIntl();
  const [chosen, setChosen] = useState<ProofMethod | null>(null);
  const method = chosen && props.methods.includes(chosen) ? chosen : (props.methods[0] ?? null);
  const others = props.methods.filter((m) => m !== method);
  const proven = () => {
    setChosen(null);
    props.onDone(true);
  };
  const switches = others.map((other) => (
    <Button key={other} type="button" variant="ghost" size="sm" onClick={() => setChosen(other)}>
      <FormattedMessage id={SWITCH_LABEL[other]} />
    </Button>
  ));
  const text = method === null ? 'payouts.reauth.signInAgainTitle' : LEAD[method];

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) {
          setChosen(null);
          props.onDone(false);
        }
      }}
      title={<FormattedMessage id="payouts.reauth.title" />}
      description={<FormattedMessage id={text} />}
      closeLabel={intl.formatMessage({ id: 'payouts.dialog.close' })}
      size="sm"
      data-testid="reauth-dialog"
    >
      {method === null ? (
        <SignInAgain />
      ) : method === 'PASSKEY' ? (
        <Stack gap={4}>
          <ReauthPasskey onProven={proven} />
          {switches}
          <DialogActions cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />} />
        </Stack>
      ) : method === 'EMAIL_CODE' ? (
        <EmailCodeProof key={method} onProven={proven}>
          {switches}
        </EmailCodeProof>
      ) : (
        <SecretProof key={method} method={method} onProven={proven}>
          {switches}
        </SecretProof>
      )}
    </Dialog>
  );
}

/** What `useReauthentication` gives: the wrapper for a mutation and the dialog to render once. */
export interface Reauthentication {
  /** Runs `attempt`; on `REAUTHENTICATION_REQUIRED` asks for a proof and runs it once more. Null: the user cancelled. */
  withReauthentication: <T extends MutationParameters>(attempt: () => Promise<MutationResult<T>>) => Promise<MutationResult<T> | null>;
  dialog: ReactNode;
}

export function useReauthentication(): Reauthentication {
  const [open, setOpen] = useState(false);
  const [methods, setMethods] = useState<ProofMethod[]>(DEFAULT_METHODS);
  const pending = useRef<((proven: boolean) => void) | null>(null);
  const withReauthentication = useCallback(async <T extends MutationParameters>(attempt: () => Promise<MutationResult<T>>) => {
    const first = await attempt();
    const error = firstError(first.errors);
    if (error?.code !== 'REAUTHENTICATION_REQUIRED') return first;
    const proven = await new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setMethods(methodsOf(error.extensions));
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
  return { withReauthentication, dialog: <ReauthDialog open={open} methods={methods} onDone={onDone} /> };
}
