/**
 * The linked sign-in accounts of /profile (issue 6, item 1; SPEC.md §4 "disconnecting a social
 * account removes it from the local account list"): each account with its service, the e-mail or
 * name the provider reported and when it was linked, and a Disconnect button confirmed through an
 * AlertDialog (`deleteAccount`). The answer carries the user's remaining accounts (and an updater
 * drops the disconnected one from the store as well), so it leaves the list at once; focus moves
 * to the card's heading and a status line says what happened. Disconnecting the only way to sign
 * in answers LAST_SIGN_IN_METHOD, shown in the dialog with a link to set a password.
 */
import { AlertDialog, Button, Link as UiLink } from '@studio/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { Link } from 'react-router';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { LinkedAccountsBlock_user$data, LinkedAccountsBlock_user$key } from './__generated__/LinkedAccountsBlock_user.graphql';
import type { LinkedAccountsBlockDisconnectMutation } from './__generated__/LinkedAccountsBlockDisconnectMutation.graphql';
import { runMutation } from '../auth/forms';
import { useLocalizePath } from '../../i18n/useLocale';
import { ProfileSection } from './ProfileSection';
import { errorCode, genericProblem } from './serverErrors';
import styles from './blocks.module.css';

const DisconnectMutation = graphql`
  mutation LinkedAccountsBlockDisconnectMutation($accountId: String!) {
    deleteAccount(accountId: $accountId) {
      id
      user {
        id
        ...LinkedAccountsBlock_user
      }
    }
  }
`;

type Account = NonNullable<LinkedAccountsBlock_user$data['accounts']>[number];

/** The provider's name as people know it (brand names; the generic one is translated). */
export function serviceName(intl: IntlShape, serviceType: Account['serviceType']): string {
  switch (serviceType) {
    case 'GOOGLE':
      return 'Google';
    case 'GITHUB':
      return 'GitHub';
    case 'YANDEX':
      return intl.formatMessage({ id: 'profile.accounts.service.yandex' });
    case 'VK':
      return 'VK';
    case 'OIDC':
      return intl.formatMessage({ id: 'profile.accounts.service.oidc' });
    default:
      return serviceType;
  }
}

/** Removes the account from the user's list in the store (the answer's list should already lack it). */
function dropAccount(store: RecordSourceSelectorProxy, userId: string, accountId: string) {
  const user = store.get(userId);
  const accounts = user?.getLinkedRecords('accounts');
  if (user && accounts) user.setLinkedRecords(accounts.filter((account) => account?.getDataID() !== accountId), 'accounts');
}

function LinkedAccount(props: { account: Account; userId: string; onDisconnected: (name: string) => void }) {
  const { account, userId } = props;
  const intl = useIntl();
  const to = useLocalizePath();
  const [commit] = useMutation<LinkedAccountsBlockDisconnectMutation>(DisconnectMutation);
  const [error, setError] = useState<ReactNode>(null);
  const name = serviceName(intl, account.serviceType);
  const identity = account.serviceEmail ?? account.serviceUsername;

  async function disconnect() {
    setError(null);
    const { errors } = await runMutation(commit, {
      variables: { accountId: account.id },
      updater: (store) => dropAccount(store, userId, account.id),
    });
    if (!errors.length) return props.onDisconnected(name);
    if (errorCode(errors) === 'LAST_SIGN_IN_METHOD') {
      setError(
        <FormattedMessage
          id="profile.accounts.error.lastMethod"
          values={{
            service: name,
            link: (chunks: ReactNode[]) => (
              <UiLink asChild>
                <Link to={to('/profile/set-password')}>{chunks}</Link>
              </UiLink>
            ),
          }}
        />,
      );
    } else {
      const problem = genericProblem(errors);
      setError(intl.formatMessage({ id: problem.id }, problem.values));
    }
    // Keeps the dialog open with the message (AlertDialog stays open when the action fails).
    throw new Error('The account was not disconnected');
  }

  return (
    <li className={styles.account} data-testid="profile-account">
      <div className={styles.rowMain}>
        <span className={styles.accountName}>{name}</span>
        {identity ? (
          <span className={styles.value} dir="auto">
            {identity}
          </span>
        ) : null}
        <span className={styles.note}>
          <FormattedMessage id="profile.accounts.linked" values={{ date: <FormattedDate value={account.created} dateStyle="medium" timeZone="UTC" /> }} />
        </span>
      </div>
      <AlertDialog
        trigger={
          <Button variant="secondary" size="sm" aria-label={intl.formatMessage({ id: 'profile.accounts.disconnectLabel' }, { service: name })}>
            <FormattedMessage id="profile.accounts.disconnect" />
          </Button>
        }
        onOpenChange={(open) => {
          if (!open) setError(null);
        }}
        title={<FormattedMessage id="profile.accounts.confirm.title" values={{ service: name }} />}
        description={<FormattedMessage id="profile.accounts.confirm.description" values={{ service: name }} />}
        cancelLabel={<FormattedMessage id="profile.accounts.confirm.cancel" />}
        confirmLabel={<FormattedMessage id="profile.accounts.disconnect" />}
        onConfirm={disconnect}
        error={error}
      />
    </li>
  );
}

export function LinkedAccountsBlock(props: { user: LinkedAccountsBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment LinkedAccountsBlock_user on User {
        id
        accounts {
          id
          serviceType
          serviceEmail
          serviceUsername
          created
        }
      }
    `,
    props.user,
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [disconnected, setDisconnected] = useState<{ name: string; at: number } | null>(null);
  const accounts = user.accounts ?? [];

  useEffect(() => {
    if (!disconnected) return;
    // After the dialog has closed and handed focus back to its (now removed) trigger: keep focus in the card.
    const timer = setTimeout(() => headingRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [disconnected]);

  return (
    <ProfileSection title={<FormattedMessage id="profile.accounts.title" />} className={props.className} headingRef={headingRef}>
      {accounts.length ? (
        <ul className={styles.accounts}>
          {accounts.map((account) => (
            <LinkedAccount key={account.id} account={account} userId={user.id} onDisconnected={(name) => setDisconnected({ name, at: Date.now() })} />
          ))}
        </ul>
      ) : (
        <p className={`${styles.value} ${styles.muted}`} data-testid="profile-accounts-empty">
          <FormattedMessage id="profile.accounts.empty" />
        </p>
      )}
      <p role="status" className={styles.status}>
        {disconnected ? <FormattedMessage id="profile.accounts.disconnected" values={{ service: disconnected.name }} /> : null}
      </p>
    </ProfileSection>
  );
}
