/**
 * "Two-factor authentication" on /profile (ACC-2FA): off → "Turn on" opens a dialog with the
 * authenticator's QR code (inline SVG) and its secret as text, and a field for the first code
 * (`startTwoFactorSetup`, `confirmTwoFactorSetup`); the ten recovery codes are then shown once,
 * with Copy (app/useCopy: when the browser refuses, the codes are selected and it says so) and Download. On → how many recovery codes are left, "New recovery codes"
 * (`regenerateRecoveryCodes`) and "Turn off" (asks first, `disableTwoFactor`). Starting and
 * confirming the set-up, new codes and turning off all need a recent proof (ACC-SUDO), asked for
 * inline by the shared re-authentication dialog, which then repeats the action; cancelling the proof
 * when the set-up starts closes the set-up dialog.
 */
import { AlertDialog, Button, Callout, Dialog, Stack, TextField } from '@studio/ui';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useCopy } from '../../app/useCopy';
import { runMutation } from '../../forms/runMutation';
import { firstError, formProblem } from '../../forms/serverErrors';
import { type Reauthentication, useReauthentication } from '../../account/ReauthDialog';
import type { TwoFactorBlock_user$key } from './__generated__/TwoFactorBlock_user.graphql';
import type { TwoFactorBlockConfirmMutation } from './__generated__/TwoFactorBlockConfirmMutation.graphql';
import type { TwoFactorBlockDisableMutation } from './__generated__/TwoFactorBlockDisableMutation.graphql';
import type { TwoFactorBlockRegenerateMutation } from './__generated__/TwoFactorBlockRegenerateMutation.graphql';
import type { TwoFactorBlockStartMutation } from './__generated__/TwoFactorBlockStartMutation.graphql';
import { ProfileSection } from '../../account/ProfileSection';
import { QrCode } from './QrCode';
import styles from '../../account/blocks.module.css';

const StartMutation = graphql`
  mutation TwoFactorBlockStartMutation {
    startTwoFactorSetup {
      secret
      uri
    }
  }
`;
const ConfirmMutation = graphql`
  mutation TwoFactorBlockConfirmMutation($code: String!) {
    confirmTwoFactorSetup(code: $code) {
      recoveryCodes
      user {
        id
        ...TwoFactorBlock_user
      }
    }
  }
`;
const RegenerateMutation = graphql`
  mutation TwoFactorBlockRegenerateMutation {
    regenerateRecoveryCodes {
      recoveryCodes
      user {
        id
        ...TwoFactorBlock_user
      }
    }
  }
`;
const DisableMutation = graphql`
  mutation TwoFactorBlockDisableMutation {
    disableTwoFactor {
      id
      ...TwoFactorBlock_user
    }
  }
`;

/** The recovery codes, shown once, with Copy and Download (a text file). */
function RecoveryCodes(props: { codes: string[]; onDone: () => void }) {
  const intl = useIntl();
  const { state: copyState, copy } = useCopy();
  const listRef = useRef<HTMLUListElement>(null);
  const text = props.codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap={4}>
      <Callout tone="warning">
        <FormattedMessage id="profile.twoFactor.codesText" />
      </Callout>
      <ul ref={listRef} className={styles.codes} aria-label={intl.formatMessage({ id: 'profile.twoFactor.codesLabel' })} data-testid="recovery-codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Stack direction="row" gap={2}>
        <Button variant="secondary" onClick={() => void copy(text, listRef.current)}>
          <FormattedMessage id={copyState === 'copied' ? 'profile.twoFactor.copied' : 'profile.twoFactor.copy'} />
        </Button>
        <Button variant="secondary" onClick={download}>
          <FormattedMessage id="profile.twoFactor.download" />
        </Button>
        <Button onClick={props.onDone}>
          <FormattedMessage id="profile.twoFactor.done" />
        </Button>
      </Stack>
      <p role="status" className={styles.note}>
        {copyState === 'failed' ? <FormattedMessage id="profile.referral.copyFailed" /> : null}
      </p>
    </Stack>
  );
}

/** The set-up dialog's body: QR code, secret as text, the first code; then the recovery codes. */
function SetupDialog(props: { setup: { secret: string; uri: string } | null; onClose: () => void; reauth: Reauthentication['withReauthentication'] }) {
  const intl = useIntl();
  const [confirm, confirming] = useMutation<TwoFactorBlockConfirmMutation>(ConfirmMutation);
  const { setup } = props;
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);

  const close = () => {
    setCodes(null);
    setCode('');
    setProblem(null);
    props.onClose();
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const result = await props.reauth(() => runMutation(confirm, { variables: { code: code.replace(/\s/g, '') } }));
    if (!result) return;
    const { response, errors } = result;
    if (response) setCodes([...response.confirmTwoFactorSetup.recoveryCodes]);
    else setProblem(intl.formatMessage({ id: firstError(errors)?.code === 'CODE_INVALID' ? 'profile.twoFactor.wrongCode' : 'profile.twoFactor.failed' }));
  }
  return (
    <Dialog
      open={setup !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={<FormattedMessage id={codes ? 'profile.twoFactor.codesTitle' : 'profile.twoFactor.setupTitle'} />}
      description={<FormattedMessage id={codes ? 'profile.twoFactor.codesLead' : 'profile.twoFactor.setupText'} />}
      closeLabel={intl.formatMessage({ id: 'payouts.dialog.close' })}
      data-testid="two-factor-setup"
    >
      {codes ? (
        <RecoveryCodes codes={codes} onDone={close} />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap={4}>
            {setup ? (
              <>
                <QrCode value={setup.uri} label={intl.formatMessage({ id: 'profile.twoFactor.qrLabel' })} />
                <p>
                  <FormattedMessage id="profile.twoFactor.secretText" /> <code data-testid="totp-secret">{setup.secret}</code>
                </p>
              </>
            ) : null}
            <TextField
              label={<FormattedMessage id="profile.twoFactor.codeLabel" />}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={problem ?? undefined}
              required
            />
            <Stack direction="row" gap={2} justify="end">
              <Button type="submit" loading={confirming} disabled={confirming || !setup}>
                <FormattedMessage id="profile.twoFactor.confirm" />
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

export function TwoFactorBlock(props: { user: TwoFactorBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment TwoFactorBlock_user on User {
        twoFactor {
          enabled
          recoveryCodesLeft
        }
      }
    `,
    props.user,
  );
  const intl = useIntl();
  const enabled = user.twoFactor?.enabled ?? false;
  const [start, starting] = useMutation<TwoFactorBlockStartMutation>(StartMutation);
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { withReauthentication, dialog } = useReauthentication();
  const [regenerate] = useMutation<TwoFactorBlockRegenerateMutation>(RegenerateMutation);
  const [disable] = useMutation<TwoFactorBlockDisableMutation>(DisableMutation);

  const fail = (errors: Parameters<typeof firstError>[0]) => {
    const p = formProblem(firstError(errors) ?? { code: 'UNKNOWN', extensions: {} });
    setProblem(intl.formatMessage({ id: p.id }, p.values));
  };
  const onRegenerate = async () => {
    setProblem(null);
    const result = await withReauthentication(() => runMutation(regenerate, { variables: {} }));
    if (result?.response) setNewCodes([...result.response.regenerateRecoveryCodes.recoveryCodes]);
    else if (result) fail(result.errors);
  };
  // A new way into the account: needs a recent proof (ACC-SUDO), asked before the set-up opens.
  const onTurnOn = async () => {
    setProblem(null);
    const result = await withReauthentication(() => runMutation(start, { variables: {} }));
    if (result?.response) setSetup(result.response.startTwoFactorSetup);
    else if (result) fail(result.errors);
  };
  const onDisable = async () => {
    setProblem(null);
    setConfirmOff(false);
    const result = await withReauthentication(() => runMutation(disable, { variables: {} }));
    if (result && !result.response) fail(result.errors);
  };

  return (
    <ProfileSection title={<FormattedMessage id="profile.twoFactor.title" />} className={props.className}>
      <Stack gap={3} data-testid="two-factor-block">
        {problem ? (
          <Callout tone="danger" role="alert">
            {problem}
          </Callout>
        ) : null}
        <p className={styles.value} data-testid="two-factor-state">
          {enabled ? (
            <FormattedMessage id="profile.twoFactor.on" values={{ count: user.twoFactor?.recoveryCodesLeft ?? 0 }} />
          ) : (
            <FormattedMessage id="profile.twoFactor.off" />
          )}
        </p>
        <Stack direction="row" gap={2}>
          {enabled ? (
            <>
              <Button variant="secondary" size="sm" onClick={() => void onRegenerate()}>
                <FormattedMessage id="profile.twoFactor.regenerate" />
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setConfirmOff(true)}>
                <FormattedMessage id="profile.twoFactor.turnOff" />
              </Button>
            </>
          ) : (
            <Button size="sm" loading={starting} disabled={starting} onClick={() => void onTurnOn()}>
              <FormattedMessage id="profile.twoFactor.turnOn" />
            </Button>
          )}
        </Stack>
      </Stack>
      <SetupDialog setup={setup} onClose={() => setSetup(null)} reauth={withReauthentication} />
      <Dialog
        open={newCodes !== null}
        onOpenChange={(open) => {
          if (!open) setNewCodes(null);
        }}
        title={<FormattedMessage id="profile.twoFactor.codesTitle" />}
        description={<FormattedMessage id="profile.twoFactor.codesLead" />}
        closeLabel={intl.formatMessage({ id: 'payouts.dialog.close' })}
      >
        {newCodes ? <RecoveryCodes codes={newCodes} onDone={() => setNewCodes(null)} /> : null}
      </Dialog>
      <AlertDialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title={<FormattedMessage id="profile.twoFactor.offTitle" />}
        description={<FormattedMessage id="profile.twoFactor.offText" />}
        cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}
        confirmLabel={<FormattedMessage id="profile.twoFactor.turnOff" />}
        onConfirm={() => void onDisable()}
      />
      {dialog}
    </ProfileSection>
  );
}
