/**
 * Re-authentication before a sensitive mutation (PAYOUT-REAUTH, ACC-SUDO), shared by the payout
 * pages and the profile: `useReauthentication()` gives `withReauthentication(attempt)` and the
 * `dialog` to render. `attempt` runs the mutation (a runMutation promise); when it answers
 * `REAUTHENTICATION_REQUIRED`, a dialog asks for one of the proofs the error names
 * (`extensions.methods`; without them, the password or a code): the password or an authenticator
 * or recovery code (`reauthPassword`, `reauthCode`), a passkey (ReauthPasskey) or, for an account
 * without a password or second factor, a code mailed to its address (`EMAIL_CODE`:
 * `sendReauthenticationCode`, then `reauthenticate(emailCode:)`). The forms are useSchemaForm's; a
 * wrong password or code, a void mailed code and the wait of a rate limit are said at the field
 * (`SERVER_ERRORS.reauth`). Once proven, the original mutation is sent again, once. Resolves with
 * the answer of the last attempt, or null when the user cancelled. An account with no proof to
 * give (the error names none) is offered a fresh sign-in that comes back here.
 */
import { reauthCode, reauthPassword } from '@studio/site/fields';
import { Button, Callout, Dialog, DialogActions, PasswordField, Stack, TextField } from '@studio/ui';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { z } from 'zod';
import { type MutationResult, runMutation } from '../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../forms/serverErrors';
import { useSchemaForm } from '../forms/useSchemaForm';
import { ReauthPasskey } from './ReauthPasskey';
import { DEFAULT_METHODS, LEAD, type ProofMethod, SWITCH_LABEL, methodsOf } from './proofMethods';
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

const PASSWORD_SCHEMA = z.object({ password: reauthPassword });
const CODE_SCHEMA = z.object({ code: reauthCode });

/** The form-level message, as the dialog shows it. */
function FormError(props: { text: string | undefined }) {
  return props.text ? (
    <Callout tone="danger" role="alert">
      {props.text}
    </Callout>
  ) : null;
}

/**
 * The mailed code (EMAIL_CODE, ACC-SUDO): "Send me a code" mails one to the account's address
 * (`sendReauthenticationCode`; the address it went to is shown), then the code is given to
 * `reauthenticate(emailCode:)`; `onProven()` once the server accepted it. Refusals at the field.
 */
function EmailCodeProof(props: { onProven: () => void; children: ReactNode }) {
  const [send, sending] = useMutation<ReauthDialogSendCodeMutation>(SendCodeMutation);
  const [prove] = useMutation<ReauthDialogEmailCodeMutation>(EmailCodeMutation);
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** Counts the codes sent: each starts the field afresh. */
  const [sent, setSent] = useState(0);
  const baseId = useId();
  const read = SERVER_ERRORS.reauth('code');
  const { formProps, field, error, formError, busy, fail, clear } = useSchemaForm({
    id: `${baseId}-${sent}`,
    schema: CODE_SCHEMA,
    async onValid(value) {
      const { response, errors } = await runMutation(prove, { variables: { emailCode: value.code } });
      if (response) return props.onProven();
      return read(firstError(errors));
    },
  });

  async function sendCode() {
    clear();
    const { response, errors } = await runMutation(send, { variables: {} });
    if (!response) return fail(read(firstError(errors)));
    setSentTo(response.sendReauthenticationCode.sentTo);
    setSent((count) => count + 1);
  }

  return (
    <form {...formProps}>
      <Stack gap={4}>
        <FormError text={formError} />
        <p role="status">{sentTo ? <FormattedMessage id="payouts.reauth.emailSent" values={{ address: <bdi>{sentTo}</bdi> }} /> : null}</p>
        <Button type="button" variant={sentTo ? 'ghost' : 'secondary'} size="sm" loading={sending} disabled={sending} onClick={() => void sendCode()}>
          <FormattedMessage id={sentTo ? 'payouts.reauth.emailResend' : 'payouts.reauth.emailSend'} />
        </Button>
        {sentTo || error('code') ? (
          <TextField
            key={sent}
            label={<FormattedMessage id="payouts.reauth.emailCode" />}
            autoComplete="one-time-code"
            maxLength={40}
            required
            {...field('code')}
          />
        ) : null}
        {props.children}
        <DialogActions cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}>
          <Button type="submit" loading={busy} disabled={busy || !sentTo}>
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
  const [commit] = useMutation<ReauthDialogMutation>(ReauthenticateMutation);
  const useCode = props.method === 'TOTP';
  const { formProps, field, formError, busy } = useSchemaForm<typeof PASSWORD_SCHEMA | typeof CODE_SCHEMA>({
    schema: useCode ? CODE_SCHEMA : PASSWORD_SCHEMA,
    async onValid(value) {
      const { response, errors } = await runMutation(commit, { variables: 'code' in value ? { code: value.code } : { password: value.password } });
      if (response) return props.onProven();
      return SERVER_ERRORS.reauth(useCode ? 'code' : 'password')(firstError(errors));
    },
  });

  return (
    <form {...formProps}>
      <Stack gap={4}>
        <FormError text={formError} />
        {useCode ? (
          <TextField key="code" label={<FormattedMessage id="payouts.reauth.code" />} autoComplete="one-time-code" maxLength={40} required {...field('code')} />
        ) : (
          <PasswordField
            label={<FormattedMessage id="payouts.reauth.password" />}
            showLabel={intl.formatMessage({ id: 'auth.showPassword' })}
            hideLabel={intl.formatMessage({ id: 'auth.hidePassword' })}
            autoComplete="current-password"
            required
            {...field('password')}
          />
        )}
        {props.children}
        <DialogActions cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}>
          <Button type="submit" loading={busy} disabled={busy}>
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
