/**
 * /loading (AUTH-SOCIAL: the return page of social sign-in, with `success=success` after a link
 * started through a login-url fetch): where the server sends the browser back after a provider.
 * What it does depends on the query (social.ts `readLoadingParams`):
 * - `?code=<one-time code>` (a social sign-in): the query leaves the address bar at once, the code is
 *   traded for credentials (POST /api/auth/social/exchange with this browser's device token,
 *   exactly once per code even under StrictMode's double effects), the session starts with
 *   `social-sign-in-done` for other tabs (SessionProvider), and the page is replaced by the return
 *   path the server kept, if it is a local path (`safeReturnPath`), else the localized /profile;
 *   an account with two-factor authentication (ACC-2FA) is answered a challenge instead: the page
 *   asks for the authenticator's code or a recovery code (TwoFactorStep) and signs in after it,
 *   then goes to the return path as above; an expired challenge goes back to /auth;
 * - `?success=success&state=<path>` (a provider linked from the profile): the query leaves the
 *   address bar, a short status shows, then the page is replaced by `state` (if local, else
 *   /profile) with `SOCIAL_LINKED_STATE`, which the accounts card announces. The profile fetches the
 *   viewer network-only on mount, so the new account is there without anything else;
 * - `?error=<CODE>`, a failed exchange, or no parameter at all: the reason in the visitor's language
 *   (SOCIAL_EMAIL_TAKEN explains to sign in with the password and connect the provider from the
 *   profile), focused for screen readers, with the way back to sign-in (and to the profile when
 *   signed in). The provider is named when this tab started the round trip (sessionStorage).
 * The server renders the same views from the query (work in progress, link done, or the error
 * without the provider's name); the work itself runs in effects after hydration.
 */
import { Callout, Card, Container, Heading, Spinner, Text } from '@studio/ui';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useAppContext } from '../../app/context';
import { useHydrated } from '../../app/useHydrated';
import { useLocalizePath } from '../../i18n/useLocale';
import { AuthApiError, exchangeSocialCode, needsSecondFactor } from '../../session/authApi';
import type { Credentials } from '../../session/cookies';
import { getDeviceToken } from '../../session/deviceToken';
import { type Session, useSession } from '../../session/SessionProvider';
import { ButtonLink } from '../../app/links';
import { useFocusWhen } from '../../account/useFocusWhen';
import { AuthFrame } from './AuthFrame';
import { TwoFactorStep } from './TwoFactorStep';
import { SOCIAL_LINKED_STATE, providerName, readLoadingParams, recallSocialProvider, safeReturnPath, socialErrorMessage } from './social';
import styles from './LoadingPage.module.css';

/** How long "Account connected" stays before the page moves on, in milliseconds. */
const LINKED_DELAY_MS = 800;

/** What an exchange led to: signed in, or the second factor to ask for (ACC-2FA); the server's return path, unchecked. */
type Exchanged = { returnPath: string | null; challengeToken: string | null };

/** Exchanges under way or done, by code: one request (and one sign-in) per code in this page's life. */
const exchanges = new Map<string, Promise<Exchanged>>();

const returnPathOf = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Trades `code` for a session once and signs in; an account with two-factor authentication is
 * answered a challenge token instead, and nobody is signed in yet.
 */
function exchangeOnce(code: string, signIn: Session['signIn']): Promise<Exchanged> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = exchangeSocialCode(code, getDeviceToken()).then((answer: unknown) => {
      if (needsSecondFactor(answer)) return { challengeToken: answer.challengeToken, returnPath: returnPathOf(answer.returnPath) };
      const { accessToken, returnPath } = answer as Credentials & { returnPath?: unknown };
      const credentials: Credentials = { accessToken };
      signIn(credentials, { social: true });
      return { challengeToken: null, returnPath: returnPathOf(returnPath) };
    });
    exchanges.set(code, exchange);
  }
  return exchange;
}

/** Takes the query (a one-time code, a link result) out of the address bar and the history entry. */
function clearQuery() {
  // Raw History API: the router's own location keeps the query, so this page keeps reading it.
  window.history.replaceState(window.history.state, '', window.location.pathname);
}

interface Failure {
  code: string;
  retryAfterSeconds: number | null;
}

/** A provider linked from the profile: "Account connected" for a moment, then back where the link started. */
function useLinkedRedirect(action: ReturnType<typeof readLoadingParams>) {
  const navigate = useNavigate();
  const to = useLocalizePath();
  useEffect(() => {
    if (action.kind !== 'linked') return;
    clearQuery();
    const target = safeReturnPath(action.returnPath) ?? to('/profile');
    const timer = setTimeout(() => void navigate(target, { replace: true, state: SOCIAL_LINKED_STATE }), LINKED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [action, navigate, to]);
}

/** Why the sign-in or the link failed, focused once hydrated, with the way back to sign-in (and to the profile). */
function SocialError(props: { error: Failure; hydrated: boolean; signedIn: boolean }) {
  const { error, hydrated } = props;
  const intl = useIntl();
  const { authProviders } = useAppContext();
  const messageRef = useFocusWhen<HTMLDivElement>(hydrated && error.code);
  // The provider's name comes from this tab's storage: only after hydration, so both renders agree.
  const recalled = hydrated ? recallSocialProvider() : null;
  const provider = recalled ? providerName(intl, recalled, authProviders) : null;
  const message = socialErrorMessage(error.code, provider, error.retryAfterSeconds);
  return (
    <Container size="narrow" className={styles.page}>
      <Heading level={1} size="2xl" className={styles.heading}>
        <FormattedMessage id={props.signedIn ? 'social.error.title.link' : 'social.error.title.signIn'} />
      </Heading>
      <Card padding="lg" className={styles.stack}>
        <Callout ref={messageRef} tabIndex={-1} tone="danger" className={styles.message} data-testid="social-error" data-code={error.code}>
          <FormattedMessage id={message.id} values={message.values} />
        </Callout>
        <div className={styles.actions}>
          {props.signedIn ? (
            <ButtonLink to="/profile">
              <FormattedMessage id="social.backToProfile" />
            </ButtonLink>
          ) : null}
          <ButtonLink to="/auth" variant={props.signedIn ? 'secondary' : 'primary'}>
            <FormattedMessage id="social.backToSignIn" />
          </ButtonLink>
        </div>
      </Card>
    </Container>
  );
}

export function LoadingPage() {
  const location = useLocation();
  const action = useMemo(() => readLoadingParams(location.search), [location.search]);
  const navigate = useNavigate();
  const to = useLocalizePath();
  const session = useSession();
  const { signIn } = session;
  const { siteName } = useAppContext();
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<Failure | null>(null);
  /** The second step of a social sign-in of an account with two-factor authentication (ACC-2FA). */
  const [secondStep, setSecondStep] = useState<Exchanged | null>(null);

  const error: Failure | null = failure ?? (action.kind === 'error' ? { code: action.code, retryAfterSeconds: null } : null);

  useEffect(() => {
    if (action.kind !== 'exchange') return;
    clearQuery();
    let active = true;
    exchangeOnce(action.code, signIn).then(
      (exchanged) => {
        if (!active) return;
        if (exchanged.challengeToken) setSecondStep(exchanged);
        else void navigate(safeReturnPath(exchanged.returnPath) ?? to('/profile'), { replace: true });
      },
      (reason: unknown) => {
        if (!active) return;
        console.warn('Social sign-in: the code exchange failed', reason);
        setFailure(
          reason instanceof AuthApiError ? { code: reason.code, retryAfterSeconds: reason.retryAfterSeconds } : { code: 'UNKNOWN', retryAfterSeconds: null },
        );
      },
    );
    return () => {
      active = false;
    };
  }, [action, signIn, navigate, to]);

  useLinkedRedirect(action);

  if (error) return <SocialError error={error} hydrated={hydrated} signedIn={session.signedIn} />;

  if (secondStep?.challengeToken) {
    return (
      <AuthFrame title={<FormattedMessage id="auth.twoFactor.title" />} lead={<FormattedMessage id="auth.twoFactor.lead" />}>
        <TwoFactorStep
          challengeToken={secondStep.challengeToken}
          onRestart={() => void navigate(to('/auth'), { replace: true })}
          onSignedIn={(credentials) => {
            signIn({ accessToken: credentials.accessToken }, { social: true });
            void navigate(safeReturnPath(returnPathOf(credentials.returnPath) ?? secondStep.returnPath) ?? to('/profile'), { replace: true });
          }}
        />
      </AuthFrame>
    );
  }

  const linked = action.kind === 'linked';
  return (
    <Container size="narrow" className={styles.page}>
      <Heading level={1} size="2xl" className={styles.heading}>
        <FormattedMessage id={linked ? 'social.linked.title' : 'page.loading.title'} />
      </Heading>
      <div role="status" className={styles.working} data-testid="social-working">
        <Spinner size="lg" />
        <Text tone="muted">
          {linked ? <FormattedMessage id="social.linked.text" /> : <FormattedMessage id="page.loading.description" values={{ site: siteName }} />}
        </Text>
      </div>
    </Container>
  );
}
