/**
 * The photo card of /profile (ACC-AVATAR): the avatar (`image.url(size: LARGE)`, initials
 * while there is none or it fails to load) and an "Upload photo" / "Change photo" button that opens
 * a hidden file picker (images only). The browser refuses files over 5 MB or not images; otherwise
 * the file goes to POST /api/uploads/avatar with a progress bar, then `updateUser(imageId)` makes
 * it the avatar. The server's 413 / 415 / 400 and other failures are said in the user's language;
 * the progress and the result are announced through a polite status line, errors as alerts, and
 * a toast says the photo was updated (FEEDBACK-TOAST).
 * "Remove photo" (ACC-AVATAR-REMOVE), shown while there is one, asks first (AlertDialog), then
 * `updateUser(removeImage: true)` clears it; the initials show, a toast says so, and focus goes to
 * "Upload photo", since the button that opened the dialog is gone (A11Y-FOCUS).
 */
import { AlertDialog, Avatar, Button, Text } from '@studio/ui';
import { type ChangeEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { AvatarBlock_user$key } from './__generated__/AvatarBlock_user.graphql';
import type { AvatarBlockRemoveImageMutation } from './__generated__/AvatarBlockRemoveImageMutation.graphql';
import type { AvatarBlockSetImageMutation } from './__generated__/AvatarBlockSetImageMutation.graphql';
import { useNotify } from '../../app/toasts';
import { runMutation } from '../../forms/runMutation';
import type { FieldProblem } from './fieldRules';
import { ProfileSection } from '../../account/ProfileSection';
import { genericProblem } from '../../forms/serverErrors';
import { avatarFileProblem, uploadAvatar, uploadErrorProblem } from './uploadAvatar';
import styles from '../../account/blocks.module.css';

const SetImageMutation = graphql`
  mutation AvatarBlockSetImageMutation($id: ID!, $imageId: ID!) {
    updateUser(id: $id, imageId: $imageId) {
      id
      ...AvatarBlock_user
    }
  }
`;

const RemoveImageMutation = graphql`
  mutation AvatarBlockRemoveImageMutation($id: ID!) {
    updateUser(id: $id, removeImage: true) {
      id
      ...AvatarBlock_user
    }
  }
`;

/** Where an upload is: choosing, sending the file (with progress 0–1), saving it as the avatar, or done. */
type Phase = { kind: 'idle' } | { kind: 'uploading'; progress: number } | { kind: 'saving' } | { kind: 'done' };

export function AvatarBlock(props: { user: AvatarBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment AvatarBlock_user on User {
        id
        fullName
        image {
          id
          url(size: LARGE)
        }
      }
    `,
    props.user,
  );
  const intl = useIntl();
  const uploadRef = useRef<HTMLButtonElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const { phase, setPhase, problem, setProblem, preview, busy, onFile } = useAvatarUpload(user.id);
  const src = preview ?? user.image?.url ?? undefined;

  return (
    <ProfileSection title={<FormattedMessage id="profile.avatar.title" />} className={props.className}>
      <div className={styles.avatarRow}>
        <Avatar src={src} name={user.fullName} alt={intl.formatMessage({ id: 'profile.avatar.alt' }, { name: user.fullName })} size="xl" />
        <div className={styles.avatarControls}>
          <input ref={fileRef} type="file" accept="image/*" className={styles.fileInput} tabIndex={-1} aria-hidden onChange={(event) => void onFile(event)} />
          <div className={styles.avatarButtons}>
            <Button ref={uploadRef} variant="secondary" loading={busy} onClick={() => fileRef.current?.click()} data-testid="profile-avatar-upload">
              <FormattedMessage id={user.image ? 'profile.avatar.change' : 'profile.avatar.upload'} />
            </Button>
            {user.image && !busy ? (
              <RemovePhoto userId={user.id} uploadRef={uploadRef} onStart={() => setProblem(null)} onRemoved={() => setPhase({ kind: 'idle' })} />
            ) : null}
          </div>
          <Text size="sm" tone="muted">
            <FormattedMessage id="profile.avatar.hint" values={{ max: 5 }} />
          </Text>
          <UploadProgress phase={phase} problem={problem} />
        </div>
      </div>
    </ProfileSection>
  );
}

/**
 * Choosing a file, refusing one the browser can tell is wrong, uploading it with progress and
 * saving it as the avatar; the upload is aborted on unmount and the preview's object URL released.
 */
function useAvatarUpload(userId: string) {
  const [commit] = useMutation<AvatarBlockSetImageMutation>(SetImageMutation);
  const notify = useNotify();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  // The chosen file, shown while it uploads (an object URL, released when replaced or unmounted).
  const [preview, setPreview] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const busy = phase.kind === 'uploading' || phase.kind === 'saving';

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires `change`.
    event.target.value = '';
    if (!file || busy) return;
    setProblem(null);
    const refused = avatarFileProblem(file);
    if (refused) {
      setPhase({ kind: 'idle' });
      setProblem({ id: refused, values: { max: 5 } });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setPhase({ kind: 'uploading', progress: 0 });
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const image = await uploadAvatar(file, { signal: controller.signal, onProgress: (progress) => setPhase({ kind: 'uploading', progress }) });
      setPhase({ kind: 'saving' });
      const { errors } = await runMutation(commit, { variables: { id: userId, imageId: image.id } });
      if (errors.length) {
        setProblem(genericProblem(errors));
        setPhase({ kind: 'idle' });
      } else {
        setPhase({ kind: 'done' });
        notify('toast.avatarUpdated');
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblem(uploadErrorProblem(error));
      setPhase({ kind: 'idle' });
    } finally {
      setPreview(null);
      abortRef.current = null;
    }
  }

  return { phase, setPhase, problem, setProblem, preview, busy, onFile };
}

/** "Remove photo" and its dialog; once removed, focus goes to "Upload photo" (`uploadRef`). */
function RemovePhoto(props: { userId: string; uploadRef: RefObject<HTMLButtonElement | null>; onStart: () => void; onRemoved: () => void }) {
  const intl = useIntl();
  const [commitRemove] = useMutation<AvatarBlockRemoveImageMutation>(RemoveImageMutation);
  const notify = useNotify();
  const removeRef = useRef<HTMLButtonElement>(null);
  const [removeError, setRemoveError] = useState<FieldProblem | null>(null);

  /** Clears the avatar; a failure stays in the dialog (thrown, so it stays open). */
  async function remove() {
    setRemoveError(null);
    props.onStart();
    const { errors } = await runMutation(commitRemove, { variables: { id: props.userId } });
    if (errors.length) {
      setRemoveError(genericProblem(errors));
      throw new Error('Removing the photo failed');
    }
    props.onRemoved();
    notify('toast.avatarRemoved');
  }

  return (
    <AlertDialog
      trigger={
        <Button ref={removeRef} variant="ghost" data-testid="profile-avatar-remove">
          <FormattedMessage id="profile.avatar.remove" />
        </Button>
      }
      title={<FormattedMessage id="profile.avatar.removeTitle" />}
      description={<FormattedMessage id="profile.avatar.removeText" />}
      cancelLabel={<FormattedMessage id="profile.changeName.cancel" />}
      confirmLabel={<FormattedMessage id="profile.avatar.removeConfirm" />}
      onConfirm={remove}
      onOpenChange={(open) => (open ? undefined : setRemoveError(null))}
      error={removeError ? intl.formatMessage({ id: removeError.id }, removeError.values) : undefined}
      onCloseAutoFocus={(event) => {
        // Removed: "Remove photo" is gone, so focus goes to "Upload photo" instead (A11Y-FOCUS).
        if (!removeRef.current?.isConnected) {
          event.preventDefault();
          props.uploadRef.current?.focus();
        }
      }}
    />
  );
}

/** The upload's progress bar, its polite status line and its problem as an alert. */
function UploadProgress(props: { phase: Phase; problem: FieldProblem | null }) {
  const intl = useIntl();
  const { phase, problem } = props;
  const percent = phase.kind === 'uploading' ? Math.round(phase.progress * 100) : null;
  return (
    <>
      {percent !== null ? (
        // Announced by the status line once; the bar itself carries the exact value for those who ask.
        <progress className={styles.progress} max={100} value={percent} aria-label={intl.formatMessage({ id: 'profile.avatar.progressLabel' })} />
      ) : null}
      <p role="status" className={styles.status}>
        {phase.kind === 'uploading' ? (
          <FormattedMessage id="profile.avatar.uploading" />
        ) : phase.kind === 'saving' ? (
          <FormattedMessage id="profile.avatar.saving" />
        ) : phase.kind === 'done' ? (
          <FormattedMessage id="profile.avatar.done" />
        ) : null}
      </p>
      {problem ? (
        <p role="alert" className={styles.error}>
          {intl.formatMessage({ id: problem.id }, problem.values)}
        </p>
      ) : null}
    </>
  );
}
