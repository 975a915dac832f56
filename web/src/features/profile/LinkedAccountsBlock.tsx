/**
 * The linked sign-in accounts of /profile (ACC-LINKED; disconnecting a social account removes it
 * from the local account list): each account with its service, the e-mail or
 * name the provider reported and when it was linked, and a Disconnect button confirmed through an
 * AlertDialog (`deleteAccount`). The answer carries the user's remaining accounts (and an updater
 * drops the disconnected one from the store as well), so it leaves the list at once; focus moves
 * to the card's heading and a status line says what happened. Disconnecting the only way to sign
 * in answers LAST_SIGN_IN_METHOD, shown in the dialog with a link to set a password.
 *
 * Under the list (AUTH-SOCIAL), "Connect another account" offers one button per provider enabled on
 * the server (page data): it asks for the provider's address with the bearer token
 * (`get-login-url`, one refresh and retry on a refused token, SESSION-REFRESH) and goes there;
 * without a recent proof (403 `REAUTHENTICATION_REQUIRED`, ACC-SUDO) the shared re-authentication
 * dialog asks for one first and the address is asked for again (restReauth.ts);
 * the provider returns through /loading (`?success=success`), which comes back here with
 * `SOCIAL_LINKED_STATE` — the status line then says the account was connected, and the list is
 * fresh because the profile fetches the viewer network-only. Failures to start are shown in the
 * card in the user's language — among them `SOCIAL_EMAIL_NOT_VERIFIED`: a provider is linked only
 * to a confirmed address (ACC-LINKED, decision 0028). Provider names come from one mapping (auth/social.ts `providerName`).
 */
import { AlertDialog, Button, Heading } from '@studio/ui';
import { clsx } from 'clsx';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useLocation } from 'react-router';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { LinkedAccountsBlock_user$data, LinkedAccountsBlock_user$key } from './__generated__/LinkedAccountsBlock_user.graphql';
import type { LinkedAccountsBlockDisconnectMutation } from './__generated__/LinkedAccountsBlockDisconnectMutation.graphql';
import type { AuthProvider, AuthProviderId } from '@studio/site/ssr';
import { useAppContext } from '../../app/context';
import { runMutation } from '../../forms/runMutation';
import { TextLink } from '../../app/links';
import { type SocialMessage, isSocialLinkedState, linkErrorMessage, providerName, rememberSocialProvider, useLeavingFor } from '../auth';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import { AuthApiError, getLinkUrl, socialCallbackUrl } from '../../session/authApi';
import { authorizedFetch } from '../../session/authorizedFetch';
import { ProfileSection } from '../../account/ProfileSection';
import { useReauthentication } from '../../account/ReauthDialog';
import { restAttempt } from '../../account/restReauth';
import { genericProblem } from '../../forms/serverErrors';
import styles from '../../account/blocks.module.css';

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

/** Removes the account from the user's list in the store (the answer's list should already lack it). */
function dropAccount(store: RecordSourceSelectorProxy, userId: string, accountId: string) {
  const user = store.get(userId);
  const accounts = user?.getLinkedRecords('accounts');
  if (user && accounts)
    user.setLinkedRecords(
      accounts.filter((account) => account?.getDataID() !== accountId),
      'accounts',
    );
}

function LinkedAccount(props: { account: Account; userId: string; providers: readonly AuthProvider[]; onDisconnected: (name: string) => void }) {
  const { account, userId } = props;
  const intl = useIntl();
  const [commit] = useMutation<LinkedAccountsBlockDisconnectMutation>(DisconnectMutation);
  const [error, setError] = useState<ReactNode>(null);
  const name = providerName(intl, account.serviceType, props.providers);
  const identity = account.serviceEmail ?? account.serviceUsername;
  // ACC-SUDO: unlinking changes the ways in, so it needs a recent proof, asked on top of the confirmation.
  const { withReauthentication, dialog } = useReauthentication();

  async function disconnect() {
    setError(null);
    const result = await withReauthentication(() =>
      runMutation(commit, {
        variables: { accountId: account.id },
        updater: (store) => dropAccount(store, userId, account.id),
      }),
    );
    // Cancelled proof: the confirmation stays open, nothing changed.
    if (!result) throw new Error('The account was not disconnected');
    const { errors } = result;
    if (!errors.length) return props.onDisconnected(name);
    // The last way in (LAST_SIGN_IN_METHOD) names the service and links to setting a password.
    const problem = genericProblem(errors);
    setError(
      <FormattedMessage
        id={problem.id}
        values={{ ...problem.values, service: name, link: (chunks: ReactNode[]) => <TextLink to="/profile/set-password">{chunks}</TextLink> }}
      />,
    );
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
      {dialog}
    </li>
  );
}

/** The provider's address for linking: asked with the bearer token, once more after a refresh if the server refused it. */
function linkUrl(id: AuthProviderId, options: { callbackUrl: string; returnPath: string }): Promise<string> {
  return authorizedFetch((token) => (token ? getLinkUrl(id, token, options) : Promise.reject(new AuthApiError(401, 'UNAUTHENTICATED', 'Not signed in'))));
}

/** "Connect another account": one button per enabled provider, each starting a link round trip. */
function ConnectAccounts(props: { providers: readonly AuthProvider[] }) {
  const intl = useIntl();
  const locale = useLocale();
  const to = useLocalizePath();
  const titleId = useId();
  const [pending, setPending] = useLeavingFor();
  const [error, setError] = useState<SocialMessage | null>(null);
  const { withReauthentication, dialog } = useReauthentication();

  async function connect(id: AuthProviderId) {
    if (pending) return;
    setPending(id);
    setError(null);
    try {
      // Linking adds a way into the account: needs a recent proof (ACC-SUDO); the dialog asks, then it is asked again once.
      const result = await withReauthentication(() =>
        restAttempt(() => linkUrl(id, { callbackUrl: socialCallbackUrl(locale, window.location.origin), returnPath: to('/profile') })),
      );
      if (!result) return setPending(null);
      const url = result.response?.answer;
      if (url === undefined) throw new AuthApiError(403, 'REAUTHENTICATION_REQUIRED', 'The proof did not count');
      rememberSocialProvider(id);
      // The button keeps spinning while the browser leaves for the provider.
      window.location.assign(url);
    } catch (reason) {
      // An address not confirmed yet is an expected answer (ACC-LINKED), explained below; anything else is logged.
      if (!(reason instanceof AuthApiError && reason.code === 'SOCIAL_EMAIL_NOT_VERIFIED')) console.warn('Could not start linking', id, reason);
      setError(linkErrorMessage(reason, providerName(intl, id, props.providers)));
      setPending(null);
    }
  }

  return (
    <div role="group" aria-labelledby={titleId} className={styles.editForm} data-testid="profile-connect">
      <Heading level={3} size="sm" id={titleId}>
        <FormattedMessage id="social.connect.title" />
      </Heading>
      <div className={styles.editActions}>
        {props.providers.map((provider) => {
          const name = providerName(intl, provider.id, props.providers);
          return (
            <Button
              key={provider.id}
              variant="secondary"
              size="sm"
              loading={pending === provider.id}
              aria-label={intl.formatMessage({ id: 'social.connect.label' }, { service: name })}
              data-provider={provider.id}
              onClick={() => void connect(provider.id)}
            >
              {name}
            </Button>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          <FormattedMessage id={error.id} values={error.values} />
        </p>
      ) : null}
      {dialog}
    </div>
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
  const { authProviders } = useAppContext();
  // Arrived from /loading after a finished link (AUTH-SOCIAL).
  const linked = isSocialLinkedState(useLocation().state);
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
            <LinkedAccount
              key={account.id}
              account={account}
              userId={user.id}
              providers={authProviders}
              onDisconnected={(name) => setDisconnected({ name, at: Date.now() })}
            />
          ))}
        </ul>
      ) : (
        <p className={clsx(styles.value, styles.muted)} data-testid="profile-accounts-empty">
          <FormattedMessage id="profile.accounts.empty" />
        </p>
      )}
      {authProviders.length ? <ConnectAccounts providers={authProviders} /> : null}
      <p role="status" className={styles.status}>
        {disconnected ? (
          <FormattedMessage id="profile.accounts.disconnected" values={{ service: disconnected.name }} />
        ) : linked ? (
          <FormattedMessage id="social.connect.done" />
        ) : null}
      </p>
    </ProfileSection>
  );
}
