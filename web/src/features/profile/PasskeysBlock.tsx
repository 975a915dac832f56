/**
 * The Passkeys card of /profile (ACC-PASSKEYS): the account's passkeys, oldest first, each with its
 * name, when it was added and when it was last used ("Never used" until then), or a line saying
 * there are none yet.
 *
 * "Add a passkey" asks the server for creation options (`startPasskeyRegistration`), then for a
 * name (the device's, e.g. "Chrome on macOS", filled in); "Continue" opens the browser's prompt
 * straight from the click (Safari wants a click behind it) and stores the answer
 * (`finishPasskeyRegistration`), which the store appends to the list. "Remove" asks first in an
 * AlertDialog (`deletePasskey`, whose answer is the user with the list). Adding and removing need a
 * recent proof (ACC-SUDO): the shared re-authentication dialog asks for it and repeats the action.
 *
 * A closed browser prompt is said quietly in the card; refusals are said in the card as an alert;
 * success is a toast (FEEDBACK-TOAST). Without WebAuthn in the browser the Add button is replaced
 * by a line saying so; existing passkeys can still be removed.
 */
import { AlertDialog, Button, Callout, Stack } from '@studio/ui';
import { useEffect, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useNotify } from '../../app/toasts';
import { runMutation } from '../../forms/runMutation';
import { webauthn } from '../../session/webauthn';
import { useReauthentication } from '../../account/ReauthDialog';
import type { PasskeysBlock_user$data, PasskeysBlock_user$key } from './__generated__/PasskeysBlock_user.graphql';
import type { PasskeysBlockDeleteMutation } from './__generated__/PasskeysBlockDeleteMutation.graphql';
import type { PasskeysBlockStartMutation } from './__generated__/PasskeysBlockStartMutation.graphql';
import { AddPasskeyDialog, passkeyProblem } from './AddPasskeyDialog';
import { ProfileSection } from '../../account/ProfileSection';
import { formatLastActive } from './relativeTime';
import styles from '../../account/blocks.module.css';

const StartMutation = graphql`
  mutation PasskeysBlockStartMutation {
    startPasskeyRegistration {
      options
    }
  }
`;

const DeleteMutation = graphql`
  mutation PasskeysBlockDeleteMutation($id: ID!) {
    deletePasskey(id: $id) {
      id
      ...PasskeysBlock_user
    }
  }
`;

type Passkey = NonNullable<PasskeysBlock_user$data['passkeys']>[number];

/** The current time (ms since the epoch), renewed every minute, for "last used" to stay true while the page is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** One passkey: name, dates and its Remove button. */
function PasskeyItem(props: { passkey: Passkey; now: number; removing: boolean; onRemove: () => void }) {
  const { passkey } = props;
  const intl = useIntl();
  const lastUsed = passkey.lastUsed ? formatLastActive(intl, passkey.lastUsed, props.now) : null;
  return (
    <li className={styles.account} data-testid="passkey">
      <div className={styles.rowMain}>
        <span className={styles.accountName} dir="auto">
          {passkey.name}
        </span>
        <span className={styles.note}>
          <FormattedMessage id="profile.passkeys.added" values={{ date: <FormattedDate value={passkey.created} dateStyle="medium" /> }} />
          {' · '}
          {!passkey.lastUsed ? (
            <FormattedMessage id="profile.passkeys.neverUsed" />
          ) : lastUsed === null ? (
            <FormattedMessage id="profile.passkeys.usedNow" />
          ) : (
            <FormattedMessage id="profile.passkeys.lastUsed" values={{ time: <time dateTime={passkey.lastUsed}>{lastUsed}</time> }} />
          )}
        </span>
      </div>
      <Button
        variant="secondary"
        size="sm"
        loading={props.removing}
        disabled={props.removing}
        onClick={props.onRemove}
        aria-label={intl.formatMessage({ id: 'profile.passkeys.removeLabel' }, { name: passkey.name })}
      >
        <FormattedMessage id="profile.passkeys.remove" />
      </Button>
    </li>
  );
}

/** The passkeys, or a line saying there are none yet. */
function PasskeyList(props: { passkeys: readonly Passkey[]; now: number; removing: string | null; onRemove: (passkey: Passkey) => void }) {
  const intl = useIntl();
  if (!props.passkeys.length) {
    return (
      <p className={styles.value} data-testid="passkeys-empty">
        <FormattedMessage id="profile.passkeys.empty" />
      </p>
    );
  }
  return (
    <ul className={styles.accounts} aria-label={intl.formatMessage({ id: 'profile.passkeys.title' })}>
      {props.passkeys.map((passkey) => (
        <PasskeyItem key={passkey.id} passkey={passkey} now={props.now} removing={props.removing === passkey.id} onRemove={() => props.onRemove(passkey)} />
      ))}
    </ul>
  );
}

/** "Add a passkey" (or why the browser cannot), with the card's quiet note beside it. */
function AddRow(props: { supported: boolean; starting: boolean; note: string | null; onAdd: () => void }) {
  return (
    <div className={styles.rowAction}>
      {props.supported ? (
        <Button size="sm" loading={props.starting} disabled={props.starting} onClick={props.onAdd}>
          <FormattedMessage id="profile.passkeys.add" />
        </Button>
      ) : (
        <p className={styles.note} data-testid="passkeys-unsupported">
          <FormattedMessage id="profile.passkeys.unsupported" />
        </p>
      )}
      {/* Beside the button, so it takes no line while empty. */}
      <p role="status" className={styles.note}>
        {props.note}
      </p>
    </div>
  );
}

/** "Remove <name>?" for the passkey asked about (open while there is one). */
function RemoveDialog(props: { passkey: Passkey | null; onClose: () => void; onConfirm: () => void }) {
  return (
    <AlertDialog
      open={props.passkey !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={<FormattedMessage id="profile.passkeys.removeTitle" values={{ name: props.passkey?.name ?? '' }} />}
      description={<FormattedMessage id="profile.passkeys.removeText" />}
      cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}
      confirmLabel={<FormattedMessage id="profile.passkeys.remove" />}
      onConfirm={props.onConfirm}
    />
  );
}

type WithReauthentication = ReturnType<typeof useReauthentication>['withReauthentication'];
type Say = (problem: { id: string; values?: Record<string, string | number> }) => void;

/** "Add a passkey": the creation options (`options`, while the name dialog is open) after `onAdd`. */
function useStartPasskey(withReauthentication: WithReauthentication, clear: () => void, say: Say) {
  const [start, starting] = useMutation<PasskeysBlockStartMutation>(StartMutation);
  const [options, setOptions] = useState<string | null>(null);

  async function onAdd() {
    clear();
    const result = await withReauthentication(() => runMutation(start, { variables: {} }));
    if (result?.response) setOptions(result.response.startPasskeyRegistration.options);
    else if (result) say(passkeyProblem(result.errors));
  }

  return { options, setOptions, starting, onAdd };
}

/**
 * Removing a passkey: the one asked about (`confirming`), the one being removed, and `onRemove`,
 * which clears the card's messages (`clear`), repeats after a re-authentication if asked, and says
 * a refusal (`say`) or the success (a toast).
 */
function useRemovePasskey(withReauthentication: WithReauthentication, clear: () => void, say: Say) {
  const notify = useNotify();
  const [remove] = useMutation<PasskeysBlockDeleteMutation>(DeleteMutation);
  const [confirming, setConfirming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  async function onRemove(passkey: Passkey) {
    setConfirming(null);
    clear();
    setRemoving(passkey.id);
    const result = await withReauthentication(() => runMutation(remove, { variables: { id: passkey.id } }));
    setRemoving(null);
    if (result?.response) notify('toast.passkeyRemoved', { values: { name: passkey.name } });
    else if (result) say(passkeyProblem(result.errors));
  }

  return { confirming, setConfirming, removing, onRemove };
}

/** The Passkeys card (ACC-PASSKEYS): the list, Add and Remove, with the re-authentication dialog they may need. */
export function PasskeysBlock(props: { user: PasskeysBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment PasskeysBlock_user on User {
        id
        passkeys {
          id
          name
          created
          lastUsed
        }
      }
    `,
    props.user,
  );
  const intl = useIntl();
  const notify = useNotify();
  const now = useNow();
  const [supported] = useState(() => webauthn.supported());
  const { withReauthentication, dialog } = useReauthentication();
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const passkeys = user.passkeys ?? [];

  const say = (found: { id: string; values?: Record<string, string | number> }) => setProblem(intl.formatMessage({ id: found.id }, found.values));

  const clear = () => {
    setProblem(null);
    setNote(null);
  };
  const { options, setOptions, starting, onAdd } = useStartPasskey(withReauthentication, clear, say);
  const { confirming, setConfirming, removing, onRemove } = useRemovePasskey(withReauthentication, clear, say);

  return (
    <ProfileSection title={<FormattedMessage id="profile.passkeys.title" />} className={props.className} data-testid="passkeys-block">
      <Stack gap={3}>
        <p className={styles.note}>
          <FormattedMessage id="profile.passkeys.lead" />
        </p>
        {problem ? (
          <Callout tone="danger" role="alert">
            {problem}
          </Callout>
        ) : null}
        <PasskeyList passkeys={passkeys} now={now} removing={removing} onRemove={setConfirming} />
        <AddRow supported={supported} starting={starting} note={note} onAdd={() => void onAdd()} />
      </Stack>
      <AddPasskeyDialog
        userId={user.id}
        options={options}
        withReauthentication={withReauthentication}
        onClose={() => setOptions(null)}
        onAdded={(name) => {
          setNote(null);
          notify('toast.passkeyAdded', { values: { name } });
        }}
        onCancelled={() => setNote(intl.formatMessage({ id: 'profile.passkeys.cancelled' }))}
        onFailed={setProblem}
      />
      <RemoveDialog
        passkey={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void onRemove(confirming);
        }}
      />
      {dialog}
    </ProfileSection>
  );
}
