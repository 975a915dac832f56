/**
 * The proof-of-work step of a form (SEC-CHALLENGE): after the server answered CHALLENGE_REQUIRED
 * (or CHALLENGE_INVALID), the self-hosted ALTCHA widget fetches a challenge from our API, solves
 * it in the browser by itself (a few seconds, in a worker) and hands the payload back; the form
 * then sends its request again with it. No third party is involved.
 *
 * `useChallenge(resubmit)` holds that state for a form:
 * - `take()` — the solved payload to send with this submit (each is used once), or undefined;
 * - `ask(error)` — reads the server's error: true when it asked for a (new) challenge, which
 *   shows the widget (a fresh one each time, since a payload works only once);
 * - `element` — the widget with its explanation, null until a challenge is asked for.
 * Messages for the two codes are the forms' (forms/serverErrors.ts `challengeRules`).
 */
import { Text } from '@studio/ui';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { type ReactElement, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../i18n/useLocale';
import type { ServerError } from './serverErrors';
import styles from './Challenge.module.css';

/** Where the API issues challenges when an error does not say (api/src/platform/security/challenge.ts). */
export const CHALLENGE_URL = '/api/challenge';

/** The widget: fetches from `url`, solves on load, calls `onSolved` with the payload. */
export function Challenge(props: { url: string; onSolved: (payload: string) => void }) {
  const locale = useLocale();
  const widget = useRef<AltchaWidgetElement>(null);
  const [loaded, setLoaded] = useState<'loading' | 'ready' | 'failed'>('loading');
  const onSolved = useRef(props.onSolved);
  useEffect(() => {
    onSolved.current = props.onSolved;
  });

  useEffect(() => {
    let live = true;
    import('./altchaClient').then(
      () => live && setLoaded('ready'),
      () => live && setLoaded('failed'), // offline, or a new deployment replaced the chunk
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (loaded !== 'ready' || !element) return;
    const verified = (event: Event) => onSolved.current((event as CustomEvent<{ payload: string }>).detail.payload);
    element.addEventListener('verified', verified);
    return () => element.removeEventListener('verified', verified);
  }, [loaded]);

  return (
    <div className={styles.challenge} role="group" aria-labelledby="challenge-title">
      <Text weight="medium" id="challenge-title">
        <FormattedMessage id="challenge.title" />
      </Text>
      <Text size="sm" tone="muted">
        <FormattedMessage id="challenge.explanation" />
      </Text>
      {loaded === 'ready' ? (
        <altcha-widget
          ref={widget}
          challenge={props.url}
          auto="onload"
          language={locale}
          name="altcha"
          configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
          className={styles.widget}
        />
      ) : (
        <Text size="sm" tone={loaded === 'failed' ? 'danger' : 'muted'} role="status">
          <FormattedMessage id={loaded === 'failed' ? 'challenge.loadFailed' : 'challenge.loading'} />
        </Text>
      )}
    </div>
  );
}

/** A form's challenge step; `resubmit` sends the form again once the payload is there. */
export function useChallenge(resubmit: () => void): {
  take: () => string | undefined;
  ask: (error: ServerError | null) => boolean;
  element: ReactElement | null;
} {
  const [asked, setAsked] = useState<{ url: string; round: number } | null>(null);
  const payload = useRef<string | null>(null);
  const resubmitRef = useRef(resubmit);
  useEffect(() => {
    resubmitRef.current = resubmit;
  });

  const take = useCallback(() => {
    const solved = payload.current ?? undefined;
    payload.current = null;
    return solved;
  }, []);
  const ask = useCallback((error: ServerError | null) => {
    if (error?.code !== 'CHALLENGE_REQUIRED' && error?.code !== 'CHALLENGE_INVALID') return false;
    const url =
      typeof error.extensions['challengeUrl'] === 'string' && error.extensions['challengeUrl'].startsWith('/')
        ? error.extensions['challengeUrl']
        : CHALLENGE_URL;
    payload.current = null;
    setAsked((before) => ({ url, round: (before?.round ?? 0) + 1 }));
    return true;
  }, []);
  const element = useMemo(
    () =>
      asked ? (
        <Challenge
          key={asked.round}
          url={asked.url}
          onSolved={(solved) => {
            payload.current = solved;
            resubmitRef.current();
          }}
        />
      ) : null,
    [asked],
  );
  return { take, ask, element };
}
