/**
 * The second half of "Add a passkey" on /profile (ACC-PASSKEYS): with the server's creation options
 * in hand, a dialog asks for the passkey's name (1–64 characters; the device's name filled in), and
 * "Continue" opens the browser's prompt straight from the click — Safari refuses a prompt that no
 * click started — then stores the answer (`finishPasskeyRegistration`, recent proof: ACC-SUDO) and
 * appends the new passkey to the user's list in the Relay store.
 *
 * The dialog closes after every outcome and the card says it: `onAdded`, `onCancelled` (the person
 * closed the prompt: a quiet note, nothing went wrong), `onFailed` with the message to show.
 */
import type { FieldProblem } from '@studio/site/problems';
import { Button, Dialog, DialogActions, Stack, TextField } from '@studio/ui';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { runMutation } from '../../forms/runMutation';
import { type GraphQLErrorLike, firstError, genericProblem } from '../../forms/serverErrors';
import { ceremonyFailure, webauthn } from '../../session/webauthn';
import type { Reauthentication } from '../../account/ReauthDialog';
import type { AddPasskeyDialogFinishMutation } from './__generated__/AddPasskeyDialogFinishMutation.graphql';
import { passkeyName } from './passkeyName';

/** The longest name the server keeps (ACC-PASSKEYS). */
const NAME_MAX = 64;

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

/** The message of a refused passkey mutation: the passkey rules' own, else the profile's generic one. */
export function passkeyProblem(errors: readonly GraphQLErrorLike[]): FieldProblem {
  switch (firstError(errors)?.code) {
    case 'PASSKEY_LIMIT':
      return { id: 'profile.passkeys.limit' };
    case 'PASSKEY_EXISTS':
      return { id: 'profile.passkeys.exists' };
    case 'PASSKEY_INVALID':
      return { id: 'profile.passkeys.invalid' };
    default:
      return genericProblem(errors);
  }
}

interface Outcomes {
  onAdded: (name: string) => void;
  onCancelled: () => void;
  onFailed: (message: string) => void;
}

/** The name field and Continue; the options are the server's, as JSON text. */
function AddForm(props: Outcomes & { userId: string; options: string; withReauthentication: Reauthentication['withReauthentication']; onClose: () => void }) {
  const intl = useIntl();
  const [finish] = useMutation<AddPasskeyDialogFinishMutation>(FinishMutation);
  const [name, setName] = useState(
    () => passkeyName(navigator.userAgent, intl.formatMessage({ id: 'profile.devices.on' })) ?? intl.formatMessage({ id: 'profile.passkeys.defaultName' }),
  );
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = name.trim();
    if (!chosen) return setFieldError(intl.formatMessage({ id: 'profile.passkeys.nameRequired' }));
    setFieldError(null);
    setBusy(true);
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
      const problem = passkeyProblem(result.errors);
      props.onFailed(intl.formatMessage({ id: problem.id }, problem.values));
    }
    props.onClose();
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap={4}>
        <TextField
          label={<FormattedMessage id="profile.passkeys.nameLabel" />}
          hint={<FormattedMessage id="profile.passkeys.nameHint" />}
          autoComplete="off"
          maxLength={NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldError ?? undefined}
          required
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
