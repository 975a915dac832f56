/**
 * /auth/cancel-recovery?token=… (ACC-2FA-RECOVERY): the page the `twoFactorRecoveryRequested` mail
 * links to. Like the password-reset page (ResetPasswordPage) the token is read once and taken out
 * of the address bar at once (kept in the history entry's state; the page is sent with
 * `Referrer-Policy: no-referrer`), and the page works once hydrated. One button cancels the
 * request (`POST /api/auth/2fa/recovery/cancel`): two-factor authentication stays on, and the page
 * says so, with the advice to reset the password if the visitor did not ask. An unknown link, a
 * request already cancelled and one already carried out are each said in words; a rate limit or a
 * network failure can be tried again.
 */
import { Callout, Form, Skeleton, Stack } from '@studio/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useHydrated } from '../../app/useHydrated';
import { SERVER_ERRORS, restError } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { LinkCallout } from '../../account/notices';
import { AuthFrame, AuthSwitch } from './AuthFrame';
import { cancelTwoFactorRecovery } from './twoFactorRecoveryApi';

/** Where the token is kept once it left the address bar. */
interface CancelState {
  recoveryToken?: unknown;
}

/**
 * What the cancel came to, by its message (`recovery.cancel.*`; the refusals' ids are
 * forms/serverErrors.ts's): its tone, and where it leads (a new password after a recovery, else sign-in).
 */
const NOTICES = {
  'recovery.cancel.done': { tone: 'success', to: '/auth/reset' },
  'recovery.cancel.alreadyCancelled': { tone: 'info', to: '/auth' },
  'recovery.cancel.alreadyDone': { tone: 'warning', to: '/auth/reset' },
  'recovery.cancel.invalid': { tone: 'warning', to: '/auth' },
} as const;
type Outcome = keyof typeof NOTICES;

/** The message of an outcome and its title (`<id>Title`), focused so it is read at once. */
function OutcomeNotice(props: { outcome: Outcome }) {
  const { tone, to } = NOTICES[props.outcome];
  return (
    <LinkCallout
      focus
      tone={tone}
      role={tone === 'warning' ? 'alert' : 'status'}
      title={<FormattedMessage id={`${props.outcome}Title`} />}
      to={to}
      linkLabel={<FormattedMessage id={to === '/auth' ? 'passwords.backToSignIn' : 'recovery.cancel.resetLink'} />}
    >
      <FormattedMessage id={props.outcome} />
    </LinkCallout>
  );
}

/** The button that cancels, then the outcome instead of it. */
function CancelForm(props: { token: string }) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await cancelTwoFactorRecovery(props.token);
      setOutcome('recovery.cancel.done');
    } catch (caught) {
      const { problem } = SERVER_ERRORS.cancelRecovery(restError(caught));
      // A link that cannot cancel (unknown, already cancelled, already carried out) is an outcome; the rest can be tried again.
      if (Object.hasOwn(NOTICES, problem.id)) setOutcome(problem.id as Outcome);
      else setError(intl.formatMessage({ id: problem.id }, problem.values));
    } finally {
      setBusy(false);
    }
  }

  if (outcome) return <OutcomeNotice outcome={outcome} />;
  // A confirmation button and no field: a plain form, not useSchemaForm.
  return (
    <Form onSubmit={(event) => void submit(event)} noValidate data-testid="cancel-recovery">
      <Stack gap={3}>
        <p>
          <FormattedMessage id="recovery.cancel.text" />
        </p>
        {error ? (
          <Callout tone="danger" role="alert">
            {error}
          </Callout>
        ) : null}
        <SubmitButton busy={busy} label={<FormattedMessage id="recovery.cancel.submit" />} busyLabel={<FormattedMessage id="recovery.cancel.submitting" />} />
      </Stack>
    </Form>
  );
}

/** The /auth/cancel-recovery route. */
export function CancelRecoveryPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // Read once: from the link's query, or from the history state after it left the address bar.
  const [token] = useState(() => {
    const fromState = (location.state as CancelState | null)?.recoveryToken;
    return params.get('token') ?? (typeof fromState === 'string' ? fromState : null);
  });

  useEffect(() => {
    if (params.has('token')) {
      navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true, state: { recoveryToken: token } satisfies CancelState });
    }
  }, [params, navigate, location.pathname, location.hash, token]);

  return (
    <AuthFrame
      title={<FormattedMessage id="page.authCancelRecovery.title" />}
      lead={<FormattedMessage id="recovery.cancel.lead" />}
      after={
        <AuthSwitch to="/auth">
          <FormattedMessage id="passwords.backToSignIn" />
        </AuthSwitch>
      }
    >
      {/* The token lives only in the browser (query or history state): decide after hydration. */}
      {!hydrated ? <Skeleton height={120} /> : token ? <CancelForm token={token} /> : <OutcomeNotice outcome="recovery.cancel.invalid" />}
    </AuthFrame>
  );
}
