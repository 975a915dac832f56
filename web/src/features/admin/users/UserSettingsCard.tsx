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
import { SERVER_ERRORS, firstError } from '../../../forms/serverErrors';
import type { UserSettingsCard_user$key } from './__generated__/UserSettingsCard_user.graphql';
import type { UserRoles, UserSettingsCardMutation, UserTypes } from './__generated__/UserSettingsCardMutation.graphql';
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

/** Saves one change at a time (`updateUser`): the problem's text when it failed, else null; `status` says a saved one. */
function useSaveSettings(id: string, onChanged: () => void) {
  const intl = useIntl();
  const [commit, saving] = useMutation<UserSettingsCardMutation>(UpdateUserMutation);
  const [status, setStatus] = useState<ReactNode>(null);
  async function save(change: Change): Promise<string | null> {
    setStatus(null);
    const { response, errors } = await runMutation(commit, { variables: { id, ...change } });
    if (response) {
      setStatus(<FormattedMessage id="admin.users.settings.saved" />);
      onChanged();
      return null;
    }
    const { problem } = SERVER_ERRORS.adminUser(firstError(errors));
    return intl.formatMessage({ id: problem.id }, problem.values);
  }
  return { save, saving, status };
}

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
  // The role asked about stays set while the dialog closes, so its texts do not flip.
  const [pendingRole, setPendingRole] = useState<UserRoles>('USER');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  const [dialogError, setDialogError] = useState<ReactNode>(null);
  const { save, saving, status } = useSaveSettings(user.id, props.onChanged);
  const ownAdminRole = props.viewerId === user.id && user.role === 'ADMIN';

  async function change(next: Change) {
    setError(null);
    setError(await save(next));
  }

  async function confirmRole() {
    setError(null);
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
      <SettingsControls
        user={user}
        ownAdminRole={ownAdminRole}
        saving={saving}
        onRole={(role) => {
          setPendingRole(role);
          setConfirming(true);
        }}
        onChange={(next) => void change(next)}
      />
      <div aria-live="polite">{status && !error ? <p className={styles.status}>{status}</p> : null}</div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <RoleDialog
        role={pendingRole}
        name={user.fullName}
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setDialogError(null);
        }}
        onConfirm={confirmRole}
        error={dialogError}
      />
    </Card>
  );
}

/** "Make X an administrator?" / "Remove X's administrator role?": a role change asks first. */
function RoleDialog(props: {
  role: UserRoles;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
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

/** The role, the type and the verified mark; a role change goes through `onRole` (it asks first). */
function SettingsControls(props: {
  user: { role: UserRoles | null | undefined; type: UserTypes | null | undefined; isVerified: boolean | null | undefined };
  ownAdminRole: boolean;
  saving: boolean;
  onRole: (role: UserRoles) => void;
  onChange: (change: Change) => void;
}) {
  const intl = useIntl();
  const { user } = props;
  return (
    <div className={styles.controls}>
      <NativeSelect
        label={intl.formatMessage({ id: 'admin.users.settings.role' })}
        value={user.role ?? 'USER'}
        disabled={props.ownAdminRole || props.saving}
        hint={props.ownAdminRole ? intl.formatMessage({ id: 'admin.users.settings.ownRole' }) : undefined}
        options={USER_ROLES.map((role) => ({ value: role, label: intl.formatMessage({ id: `admin.users.role.${role}` }) }))}
        onValueChange={(value) => {
          if (value !== user.role) props.onRole(value as UserRoles);
        }}
      />
      <NativeSelect
        label={intl.formatMessage({ id: 'admin.users.settings.type' })}
        value={user.type ?? 'CLIENT'}
        disabled={props.saving}
        options={USER_TYPES.map((type) => ({ value: type, label: intl.formatMessage({ id: `admin.users.type.${type}` }) }))}
        onValueChange={(value) => props.onChange({ type: value as UserTypes })}
      />
      <Checkbox
        label={intl.formatMessage({ id: 'admin.users.settings.verified' })}
        checked={user.isVerified === true}
        disabled={props.saving}
        onCheckedChange={(checked) => props.onChange({ isVerified: checked === true })}
      />
    </div>
  );
}
