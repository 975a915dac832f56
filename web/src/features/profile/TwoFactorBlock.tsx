/**
 * "Two-factor authentication" on /profile (ACC-2FA): off → "Turn on" opens a dialog with the
 * authenticator's QR code (inline SVG) and its secret as text, and a field for the first code
 * (`startTwoFactorSetup`, `confirmTwoFactorSetup`; the code's rule is `authenticatorCode`); the ten
 * recovery codes are then shown once (RecoveryCodes.tsx). On → how many recovery codes are left, "New recovery codes"
 * (`regenerateRecoveryCodes`) and "Turn off" (asks first, `disableTwoFactor`). Starting and
 * confirming the set-up, new codes and turning off all need a recent proof (ACC-SUDO), asked for
 * inline by the shared re-authentication dialog, which then repeats the action; cancelling the proof
 * when the set-up starts closes the set-up dialog.
 */
import { authenticatorCode } from '@studio/site/fields';
import { AlertDialog, Button, Callout, Dialog, Stack, TextField } from '@studio/ui';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { z } from 'zod';
import { runMutation } from '../../forms/runMutation';
import { type GraphQLErrorLike, SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { type Reauthentication, useReauthentication } from '../../account/ReauthDialog';
import type { TwoFactorBlock_user$key } from './__generated__/TwoFactorBlock_user.graphql';
import type { TwoFactorBlockConfirmMutation } from './__generated__/TwoFactorBlockConfirmMutation.graphql';
import type { TwoFactorBlockDisableMutation } from './__generated__/TwoFactorBlockDisableMutation.graphql';
import type { TwoFactorBlockRegenerateMutation } from './__generated__/TwoFactorBlockRegenerateMutation.graphql';
import type { TwoFactorBlockStartMutation } from './__generated__/TwoFactorBlockStartMutation.graphql';
import { ProfileSection } from '../../account/ProfileSection';
import { QrCode } from './QrCode';
import { NewCodesDialog, RecoveryCodes } from './RecoveryCodes';
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

const SetupSchema = z.object({ code: authenticatorCode });

/** The set-up dialog's body: QR code, secret as text, the first code; then the recovery codes. */
function SetupDialog(props: { setup: { secret: string; uri: string } | null; onClose: () => void; reauth: Reauthentication['withReauthentication'] }) {
  const intl = useIntl();
  const [confirm] = useMutation<TwoFactorBlockConfirmMutation>(ConfirmMutation);
  const { setup } = props;
  const [codes, setCodes] = useState<string[] | null>(null);
  /** Counts the closings: each set-up starts with an empty field. */
  const [closed, setClosed] = useState(0);
  const baseId = useId();
  const { formProps, field, busy } = useSchemaForm({
    id: `${baseId}-${closed}`,
    schema: SetupSchema,
    async onValid(value) {
      const result = await props.reauth(() => runMutation(confirm, { variables: { code: value.code } }));
      if (!result) return;
      if (result.response) setCodes([...result.response.confirmTwoFactorSetup.recoveryCodes]);
      else return SERVER_ERRORS.twoFactorSetup(firstError(result.errors));
    },
  });

  const close = () => {
    setCodes(null);
    setClosed((count) => count + 1);
    props.onClose();
  };
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
        <form {...formProps}>
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
              required
              {...field('code')}
            />
            <Stack direction="row" gap={2} justify="end">
              <Button type="submit" loading={busy} disabled={busy || !setup}>
                <FormattedMessage id="profile.twoFactor.confirm" />
              </Button>
            </Stack>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

/** Turn on, new recovery codes and turn off, each after a recent proof (ACC-SUDO, the `dialog` to render); a refusal is `problem`. */
function useTwoFactorActions() {
  const intl = useIntl();
  const [start, starting] = useMutation<TwoFactorBlockStartMutation>(StartMutation);
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { withReauthentication, dialog } = useReauthentication();
  const [regenerate] = useMutation<TwoFactorBlockRegenerateMutation>(RegenerateMutation);
  const [disable] = useMutation<TwoFactorBlockDisableMutation>(DisableMutation);

  const fail = (errors: readonly GraphQLErrorLike[]) => {
    const { problem: found } = SERVER_ERRORS.account(firstError(errors));
    setProblem(intl.formatMessage({ id: found.id }, found.values));
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

  return {
    onRegenerate,
    onTurnOn,
    onDisable,
    starting,
    setup,
    setSetup,
    confirmOff,
    setConfirmOff,
    newCodes,
    setNewCodes,
    problem,
    reauth: withReauthentication,
    dialog,
  };
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
  const enabled = user.twoFactor?.enabled ?? false;
  const actions = useTwoFactorActions();

  return (
    <ProfileSection title={<FormattedMessage id="profile.twoFactor.title" />} className={props.className}>
      <Stack gap={3} data-testid="two-factor-block">
        {actions.problem ? (
          <Callout tone="danger" role="alert">
            {actions.problem}
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
              <Button variant="secondary" size="sm" onClick={() => void actions.onRegenerate()}>
                <FormattedMessage id="profile.twoFactor.regenerate" />
              </Button>
              <Button variant="secondary" size="sm" onClick={() => actions.setConfirmOff(true)}>
                <FormattedMessage id="profile.twoFactor.turnOff" />
              </Button>
            </>
          ) : (
            <Button size="sm" loading={actions.starting} disabled={actions.starting} onClick={() => void actions.onTurnOn()}>
              <FormattedMessage id="profile.twoFactor.turnOn" />
            </Button>
          )}
        </Stack>
      </Stack>
      <SetupDialog setup={actions.setup} onClose={() => actions.setSetup(null)} reauth={actions.reauth} />
      <NewCodesDialog codes={actions.newCodes} onClose={() => actions.setNewCodes(null)} />
      <AlertDialog
        open={actions.confirmOff}
        onOpenChange={actions.setConfirmOff}
        title={<FormattedMessage id="profile.twoFactor.offTitle" />}
        description={<FormattedMessage id="profile.twoFactor.offText" />}
        cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}
        confirmLabel={<FormattedMessage id="profile.twoFactor.turnOff" />}
        onConfirm={() => void actions.onDisable()}
      />
      {actions.dialog}
    </ProfileSection>
  );
}
