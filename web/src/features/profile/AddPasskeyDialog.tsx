/**
 * The second half of "Add a passkey" on /profile (ACC-PASSKEYS): with the server's creation options
 * in hand, a dialog asks for the passkey's name (`passkeyNameField`: 1–64 characters; the device's
 * name filled in), and "Continue" opens the browser's prompt straight from the click — Safari
 * refuses a prompt that no click started — then stores the answer (`finishPasskeyRegistration`, recent proof: ACC-SUDO) and
 * appends the new passkey to the user's list in the Relay store.
 *
 * The dialog closes after every outcome and the card says it: `onAdded`, `onCancelled` (the person
 * closed the prompt: a quiet note, nothing went wrong), `onFailed` with the message to show.
 */
import { PASSKEY_NAME_MAX, passkeyNameField } from '@studio/site/fields';
import { Button, Dialog, DialogActions, Stack, TextField } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { z } from 'zod';
import { runMutation } from '../../forms/runMutation';
import { genericProblem } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { ceremonyFailure, webauthn } from '../../session/webauthn';
import type { Reauthentication } from '../../account/ReauthDialog';
import type { AddPasskeyDialogFinishMutation } from './__generated__/AddPasskeyDialogFinishMutation.graphql';
import { passkeyName } from './passkeyName';

const Schema = z.object({ name: passkeyNameField });

const FinishMutation = graphql`
  mutation AddPasskeyDialogFinishMutation($response: String!, $name: String!) {
    finishPasskeyRegistration(response: $response, name: $name) {
      id
      name
      created
      lastUsed
    }
  }
`;

interface Outcomes {
  onAdded: (name: string) => void;
  onCancelled: () => void;
  onFailed: (message: string) => void;
}

/** The name field and Continue; the options are the server's, as JSON text. */
function AddForm(props: Outcomes & { userId: string; options: string; withReauthentication: Reauthentication['withReauthentication']; onClose: () => void }) {
  const intl = useIntl();
  const [finish] = useMutation<AddPasskeyDialogFinishMutation>(FinishMutation);
  const [deviceName] = useState(
    () => passkeyName(navigator.userAgent, intl.formatMessage({ id: 'profile.devices.on' })) ?? intl.formatMessage({ id: 'profile.passkeys.defaultName' }),
  );
  const { formProps, field, busy } = useSchemaForm({
    schema: Schema,
    defaultValue: { name: deviceName },
    // The browser's prompt opens at once, before any await: Safari refuses a prompt no click started.
    onValid: (value) => addPasskey(value.name),
  });

  async function addPasskey(chosen: string) {
    let response: string;
    try {
      response = await webauthn.register(props.options);
    } catch (error) {
      const failure = ceremonyFailure(error);
      if (failure === 'cancelled') props.onCancelled();
      else props.onFailed(intl.formatMessage({ id: failure === 'exists' ? 'profile.passkeys.existsHere' : 'profile.passkeys.failed' }));
      if (failure === 'failed') console.warn('Passkey creation failed', error);
      return props.onClose();
    }
    const result = await props.withReauthentication(() =>
      runMutation(finish, {
        variables: { response, name: chosen },
        // The answer is the new passkey alone: it joins the end of the user's list (oldest first).
        updater: (store) => {
          const added = store.getRootField('finishPasskeyRegistration');
          const owner = store.get(props.userId);
          if (!added || !owner) return;
          const list = (owner.getLinkedRecords('passkeys') ?? []).filter((record) => record && record.getDataID() !== added.getDataID());
          owner.setLinkedRecords([...list, added], 'passkeys');
        },
      }),
    );
    if (result?.response) props.onAdded(result.response.finishPasskeyRegistration.name);
    else if (result) {
      const problem = genericProblem(result.errors);
      props.onFailed(intl.formatMessage({ id: problem.id }, problem.values));
    }
    props.onClose();
  }

  return (
    <form {...formProps}>
      <Stack gap={4}>
        <TextField
          label={<FormattedMessage id="profile.passkeys.nameLabel" />}
          hint={<FormattedMessage id="profile.passkeys.nameHint" />}
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX}
          required
          {...field('name')}
        />
        <DialogActions cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />} cancelDisabled={busy}>
          <Button type="submit" loading={busy} disabled={busy}>
            <FormattedMessage id="profile.passkeys.continue" />
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

/** Open while `options` is set (after `startPasskeyRegistration`); `onClose` clears them. */
export function AddPasskeyDialog(
  props: Outcomes & { userId: string; options: string | null; withReauthentication: Reauthentication['withReauthentication']; onClose: () => void },
) {
  const intl = useIntl();
  const { options, ...rest } = props;
  return (
    <Dialog
      open={options !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={<FormattedMessage id="profile.passkeys.addTitle" />}
      description={<FormattedMessage id="profile.passkeys.addText" />}
      closeLabel={intl.formatMessage({ id: 'payouts.dialog.close' })}
      size="sm"
      data-testid="add-passkey"
    >
      {options ? <AddForm key={options} options={options} {...rest} /> : null}
    </Dialog>
  );
}
