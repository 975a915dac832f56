/**
 * The passkey proof of the re-authentication dialog (ACC-SUDO, ACC-PASSKEYS):
 * `startPasskeyReauthentication` gives WebAuthn request options for this account's passkeys, the
 * browser asks for one (session/webauthn.ts), and `reauthenticate(passkey)`
 * checks its answer. A prompt the user dismissed (`NotAllowedError`) is said quietly, not as a fault.
 */
import { Button, Callout, Stack, Text } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import type { ReauthPasskeyOptionsMutation } from './__generated__/ReauthPasskeyOptionsMutation.graphql';
import type { ReauthPasskeyProveMutation } from './__generated__/ReauthPasskeyProveMutation.graphql';
import { runMutation } from '../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../forms/serverErrors';
import { ceremonyFailure, webauthn } from '../session/webauthn';

const OptionsMutation = graphql`
  mutation ReauthPasskeyOptionsMutation {
    startPasskeyReauthentication {
      options
    }
  }
`;

const ProveMutation = graphql`
  mutation ReauthPasskeyProveMutation($passkey: String!) {
    reauthenticate(passkey: $passkey) {
      validUntil
    }
  }
`;

/** "Use a passkey": one button; `onProven()` once the server accepted the passkey's answer. */
export function ReauthPasskey(props: { onProven: () => void }) {
  const intl = useIntl();
  const [commitOptions] = useMutation<ReauthPasskeyOptionsMutation>(OptionsMutation);
  const [commitProve] = useMutation<ReauthPasskeyProveMutation>(ProveMutation);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; tone: 'danger' | 'info' } | null>(null);

  async function prove() {
    setBusy(true);
    setProblem(null);
    try {
      const started = await runMutation(commitOptions, { variables: {} });
      const options = started.response?.startPasskeyReauthentication.options;
      if (!options) throw started.errors;
      let answer: string;
      try {
        answer = await webauthn.authenticate(options);
      } catch (error) {
        const cancelled = ceremonyFailure(error) === 'cancelled';
        setProblem({
          text: intl.formatMessage({ id: cancelled ? 'payouts.reauth.passkeyDismissed' : 'payouts.reauth.passkeyUnsupported' }),
          tone: cancelled ? 'info' : 'danger',
        });
        return;
      }
      const { response, errors } = await runMutation(commitProve, { variables: { passkey: answer } });
      if (response) return props.onProven();
      throw errors;
    } catch (errors) {
      const { problem: found } = SERVER_ERRORS.reauthPasskey(firstError(Array.isArray(errors) ? errors : []));
      setProblem({ text: intl.formatMessage({ id: found.id }, found.values), tone: 'danger' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={3}>
      <Text>
        <FormattedMessage id="payouts.reauth.passkeyText" />
      </Text>
      {problem ? (
        <Callout tone={problem.tone} role={problem.tone === 'danger' ? 'alert' : 'status'}>
          {problem.text}
        </Callout>
      ) : null}
      <Button type="button" loading={busy} disabled={busy} onClick={() => void prove()} data-testid="reauth-passkey">
        <FormattedMessage id="payouts.reauth.passkeyButton" />
      </Button>
    </Stack>
  );
}
