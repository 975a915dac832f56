/**
 * Passkey sign-in on /auth (ACC-PASSKEYS): "Sign in with a passkey" under the password form, and
 * conditional UI — while the sign-in form is shown, a background request lets the browser offer
 * the site's passkeys in the e-mail field's suggestions (`autocomplete="username webauthn"`), so a
 * person with a passkey signs in by picking it there, without typing anything.
 *
 * Both ask the server for request options (`POST /api/auth/passkey/options`, no e-mail needed),
 * let the browser sign them, and send the answer to `POST /api/auth/passkey/login`, whose answer
 * is the password sign-in's: `onSignedIn` hands it to the page, which starts the session and
 * lands where the visitor was going (`?next=`), the same path as a password sign-in.
 *
 * Only one ceremony runs at a time: pressing the button cancels the background one (the library's
 * WebAuthnAbortService), and leaving the page cancels whichever is waiting. After a button press
 * that did not sign in, the background request starts again. A closed prompt is said quietly; a
 * refused passkey, a network failure or a rate limit is said in the form in the page's language.
 * The background request fails quietly: nobody asked for it.
 *
 * `sessionStorage[NO_AUTOFILL_KEY] = '1'` leaves the background request out; the end-to-end test
 * sets it, because Chromium's virtual authenticator answers a conditional request at once.
 */
import { Button, Callout } from '@studio/ui';
import { useEffect, useEffectEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHydrated } from '../../app/useHydrated';
import { formProblem, restError } from '../../forms/serverErrors';
import { useLocale } from '../../i18n/useLocale';
import { AuthApiError, type TwoFactorChallenge, loginWithPasskey, passkeyOptions } from '../../session/authApi';
import type { Credentials } from '../../session/cookies';
import { getDeviceToken } from '../../session/deviceToken';
import { ceremonyFailure, webauthn } from '../../session/webauthn';
import styles from './PasskeySignIn.module.css';

/** The `sessionStorage` key that turns the background (autofill) request off: tests only. */
export const NO_AUTOFILL_KEY = 'studio.passkeys.noAutofill';

/** What the page shows after a ceremony that did not sign in: a quiet note or an error. */
type Outcome = { tone: 'quiet' | 'error'; text: string } | null;

function autofillWanted(): boolean {
  try {
    return window.sessionStorage.getItem(NO_AUTOFILL_KEY) !== '1';
  } catch {
    return true; // storage blocked: the request is still wanted
  }
}

/**
 * The background request (the e-mail field's autofill): while `supported`, and again whenever
 * `round` changes, asks for options and waits for a passkey picked among the field's suggestions;
 * `onAnswer` gets the browser's answer. Cancelled on leaving and when the button takes over.
 */
function usePasskeyAutofill(supported: boolean, round: number, onAnswer: (response: string) => Promise<unknown>) {
  const onAutofillAnswer = useEffectEvent(onAnswer);
  useEffect(() => {
    if (!supported || !autofillWanted()) return;
    let live = true;
    void (async () => {
      let response: string;
      try {
        if (!(await webauthn.autofillSupported()) || !live) return;
        const options = await passkeyOptions();
        if (!live) return;
        response = await webauthn.authenticate(options, true);
      } catch (error) {
        // Replaced by the button, cancelled on leaving, or never possible: nobody asked, nothing to say.
        if (ceremonyFailure(error) !== 'cancelled') console.warn('Passkey autofill stopped', error);
        return;
      }
      if (live) await onAutofillAnswer(response);
    })();
    return () => {
      live = false;
      webauthn.cancel();
    };
  }, [supported, round]);
}

/** The button, its note or error, and the background request; `onSignedIn` gets the server's answer. */
export function PasskeySignIn(props: { onSignedIn: (answer: Credentials | TwoFactorChallenge) => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const hydrated = useHydrated();
  // Asked in the browser only: the server's render (and hydration) shows no button.
  const supported = hydrated && webauthn.supported();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  /** Bumped to start the background request again after a button press that did not sign in. */
  const [round, setRound] = useState(0);

  /** Sends the browser's answer; the page takes over with the server's answer. */
  async function signIn(response: string) {
    setBusy(true);
    try {
      props.onSignedIn(await loginWithPasskey({ response, deviceToken: getDeviceToken(), locale }));
    } finally {
      setBusy(false);
    }
  }

  /** The message of a failed sign-in request (options or login). */
  const requestProblem = (error: unknown): string => {
    if (error instanceof AuthApiError && error.code === 'PASSKEY_INVALID') return intl.formatMessage({ id: 'auth.passkey.unknown' });
    const problem = formProblem(restError(error));
    return intl.formatMessage({ id: problem.id }, problem.values);
  };
  // The background request's passkey was picked: sign in, or say why not.
  usePasskeyAutofill(supported, round, (response) => signIn(response).catch((error: unknown) => setOutcome({ tone: 'error', text: requestProblem(error) })));

  async function onClick() {
    setOutcome(null);
    setBusy(true);
    let response: string;
    try {
      response = await webauthn.authenticate(await passkeyOptions());
    } catch (error) {
      setBusy(false);
      if (error instanceof AuthApiError) setOutcome({ tone: 'error', text: requestProblem(error) });
      else if (ceremonyFailure(error) === 'cancelled') setOutcome({ tone: 'quiet', text: intl.formatMessage({ id: 'auth.passkey.cancelled' }) });
      else setOutcome({ tone: 'error', text: intl.formatMessage({ id: 'auth.passkey.failed' }) });
      setRound((n) => n + 1);
      return;
    }
    try {
      await signIn(response);
    } catch (error) {
      setOutcome({ tone: 'error', text: requestProblem(error) });
      setRound((n) => n + 1);
    }
  }

  if (!supported) return null;
  return (
    <div className={styles.passkey} data-testid="passkey-sign-in">
      <p className={styles.divider}>
        <FormattedMessage id="auth.passkey.divider" />
      </p>
      {outcome?.tone === 'error' ? (
        <Callout tone="danger" role="alert">
          {outcome.text}
        </Callout>
      ) : null}
      <p role="status" className={styles.note}>
        {outcome?.tone === 'quiet' ? outcome.text : null}
      </p>
      <Button type="button" variant="secondary" loading={busy} disabled={busy} onClick={() => void onClick()} className={styles.button}>
        <FormattedMessage id="auth.passkey.button" />
      </Button>
    </div>
  );
}
