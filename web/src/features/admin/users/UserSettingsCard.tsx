/**
 * The settings card of a user's admin page (ADMIN-USERS): role, type and whether the e-mail address
 * is verified, each saved through `updateUser` as soon as it changes. A role change asks first
 * (AlertDialog: "Make X an administrator?" / "Remove X's administrator role?"). An administrator
 * cannot remove their own admin role (the server answers `OWN_ADMIN_ROLE`), so on their own page
 * the role control is disabled with the reason under it. `onChanged` runs after every saved
 * change (the page's history then reloads).
 */
import { AlertDialog, Card, Checkbox, Heading, NativeSelect } from '@studio/ui';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { runMutation } from '../../../forms/runMutation';
import type { UserSettingsCard_user$key } from './__generated__/UserSettingsCard_user.graphql';
import type { UserRoles, UserSettingsCardMutation, UserTypes } from './__generated__/UserSettingsCardMutation.graphql';
import { adminUserProblem } from './adminUserErrors';
import { USER_ROLES, USER_TYPES } from './userLabels';
import styles from './Users.module.css';

const UpdateUserMutation = graphql`
  mutation UserSettingsCardMutation($id: ID!, $role: UserRoles, $type: UserTypes, $isVerified: Boolean) {
    updateUser(id: $id, role: $role, type: $type, isVerified: $isVerified) {
      id
      role
      type
      isVerified
    }
  }
`;

type Change = { role: UserRoles } | { type: UserTypes } | { isVerified: boolean };

export function UserSettingsCard(props: { user: UserSettingsCard_user$key; viewerId: string | null; onChanged: () => void }) {
  const user = useFragment(
    graphql`
      fragment UserSettingsCard_user on User {
        id
        fullName
        role
        type
        isVerified
      }
    `,
    props.user,
  );
  const intl = useIntl();
  const { saving, status, error, save, change } = useUpdateUser(user.id, props.onChanged);
  // The role asked about stays set while the dialog closes, so its texts do not flip.
  const [pendingRole, setPendingRole] = useState<UserRoles>('USER');
  const [confirming, setConfirming] = useState(false);
  const [dialogError, setDialogError] = useState<ReactNode>(null);
  const isSelf = props.viewerId === user.id;
  const ownAdminRole = isSelf && user.role === 'ADMIN';

  async function confirmRole() {
    setDialogError(null);
    const problem = await save({ role: pendingRole });
    if (problem) {
      setDialogError(problem);
      // Keeps the dialog open with the message.
      throw new Error('The role was not changed');
    }
  }

  return (
    <Card className={styles.card}>
      <Heading level={2} size="lg" className={styles.cardTitle}>
        <FormattedMessage id="admin.users.settings.title" />
      </Heading>
      <div className={styles.controls}>
        <NativeSelect
          label={intl.formatMessage({ id: 'admin.users.settings.role' })}
          value={user.role ?? 'USER'}
          disabled={ownAdminRole || saving}
          hint={ownAdminRole ? intl.formatMessage({ id: 'admin.users.settings.ownRole' }) : undefined}
          options={USER_ROLES.map((role) => ({ value: role, label: intl.formatMessage({ id: `admin.users.role.${role}` }) }))}
          onValueChange={(value) => {
            if (value === user.role) return;
            setPendingRole(value as UserRoles);
            setConfirming(true);
          }}
        />
        <NativeSelect
          label={intl.formatMessage({ id: 'admin.users.settings.type' })}
          value={user.type ?? 'CLIENT'}
          disabled={saving}
          options={USER_TYPES.map((type) => ({ value: type, label: intl.formatMessage({ id: `admin.users.type.${type}` }) }))}
          onValueChange={(value) => void change({ type: value as UserTypes })}
        />
        <Checkbox
          label={intl.formatMessage({ id: 'admin.users.settings.verified' })}
          checked={user.isVerified === true}
          disabled={saving}
          onCheckedChange={(checked) => void change({ isVerified: checked === true })}
        />
      </div>
      <SaveOutcome status={status} error={error} />
      <RoleDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setDialogError(null);
        }}
        role={pendingRole}
        name={user.fullName}
        onConfirm={confirmRole}
        error={dialogError}
      />
    </Card>
  );
}

/**
 * `updateUser` for one change at a time: `save` answers the problem's text when it failed (else
 * null), `change` shows it under the controls; a saved change says so and runs `onChanged`.
 */
function useUpdateUser(id: string, onChanged: () => void) {
  const intl = useIntl();
  const [commit, saving] = useMutation<UserSettingsCardMutation>(UpdateUserMutation);
  const [status, setStatus] = useState<ReactNode>(null);
  const [error, setError] = useState<ReactNode>(null);

  async function save(change: Change): Promise<string | null> {
    setStatus(null);
    setError(null);
    const { response, errors } = await runMutation(commit, { variables: { id, ...change } });
    if (response) {
      setStatus(<FormattedMessage id="admin.users.settings.saved" />);
      onChanged();
      return null;
    }
    const problem = adminUserProblem(errors);
    return intl.formatMessage({ id: problem.id }, problem.values);
  }

  async function change(next: Change) {
    const problem = await save(next);
    if (problem) setError(problem);
  }

  return { saving, status, error, save, change };
}

/** The last save's outcome: "Saved", announced politely, or its problem as an alert. */
function SaveOutcome(props: { status: ReactNode; error: ReactNode }) {
  return (
    <>
      <div aria-live="polite">{props.status && !props.error ? <p className={styles.status}>{props.status}</p> : null}</div>
      {props.error ? (
        <p role="alert" className={styles.error}>
          {props.error}
        </p>
      ) : null}
    </>
  );
}

/** "Make X an administrator?" / "Remove X's administrator role?", for the role asked about. */
function RoleDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  role: UserRoles;
  name: string;
  onConfirm: () => Promise<void>;
  error: ReactNode;
}) {
  const promote = props.role === 'ADMIN';
  return (
    <AlertDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      tone={promote ? 'default' : 'danger'}
      title={<FormattedMessage id={promote ? 'admin.users.role.confirm.promote' : 'admin.users.role.confirm.demote'} values={{ name: props.name }} />}
      description={<FormattedMessage id={promote ? 'admin.users.role.confirm.promoteDescription' : 'admin.users.role.confirm.demoteDescription'} />}
      cancelLabel={<FormattedMessage id="admin.users.confirm.cancel" />}
      confirmLabel={<FormattedMessage id={promote ? 'admin.users.role.confirm.promoteAction' : 'admin.users.role.confirm.demoteAction'} />}
      onConfirm={props.onConfirm}
      error={props.error}
    />
  );
}
