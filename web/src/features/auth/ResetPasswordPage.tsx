/**
 * /auth/change-password?token=… (issue 6, SPEC.md §2 "password reset flow"): the page the reset
 * mail links to. The token is read once and taken out of the address bar at once (a replace
 * navigation to the same localized path, the token kept in the history entry's state), so it does
 * not linger in the visible URL, in the history list or in a Referer; a reload still works. The
 * visitor chooses a new password (the shared rules, NewPasswordField) and repeats it; the server
 * ends every session of the account, so this browser's stored credentials are cleared too before
 * landing on /auth/reset-success. An unknown, used, replaced or expired link (or none at all)
 * answers a clear message with the way to ask for a new one.
 */
import { Button, Callout, Card, Container, Form, Heading, Link as UiLink, Skeleton, Text } from '@studio/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useHydrated } from '../../app/useHydrated';
import { useLocalizePath } from '../../i18n/useLocale';
import { AuthApiError, confirmPasswordReset } from '../../session/authApi';
import { useSession } from '../../session/SessionProvider';
import { focusFirstInvalid, waitProblem } from './forms';
import { useFormFields } from './useFormFields';
import { ConfirmPasswordField, NewPasswordField } from './NewPasswordField';
import { checkConfirmation, checkNewPassword } from './passwordRules';
import type { FieldProblem } from './validation';
import styles from './AuthPage.module.css';

type Field = 'password' | 'confirmation';
const FIELDS: readonly Field[] = ['password', 'confirmation'];

/** Where the token is kept once it left the address bar. */
interface ResetState {
  resetToken?: unknown;
}

/** The message a dead link gets, with the way to a new one; focused so it is read at once. */
function InvalidLink() {
  const to = useLocalizePath();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Callout
      ref={ref}
      tabIndex={-1}
      tone="warning"
      role="alert"
      title={<FormattedMessage id="passwords.resetLink.invalidTitle" />}
      action={
        <Button asChild variant="secondary" size="sm">
          <Link to={to('/auth/reset')}>
            <FormattedMessage id="passwords.resetLink.requestNew" />
          </Link>
        </Button>
      }
    >
      <FormattedMessage id="passwords.resetLink.invalid" />
    </Callout>
  );
}

function ResetForm(props: { token: string }) {
  const to = useLocalizePath();
  const navigate = useNavigate();
  const session = useSession();
  const { values, setProblems, setFormError, formRef, field, formMessage } = useFormFields<Field>({ password: '', confirmation: '' });
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);


  if (invalid) return <InvalidLink />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setFormError(null);
    const found: Partial<Record<Field, FieldProblem>> = {};
    const password = await checkNewPassword(values.password);
    if (password) found.password = password;
    const confirmation = checkConfirmation(values.password, values.confirmation);
    if (confirmation) found.confirmation = confirmation;
    setProblems(found);
    if (focusFirstInvalid(formRef.current, FIELDS, found)) {
      setSaving(false);
      return;
    }
    try {
      await confirmPasswordReset(props.token, values.password);
    } catch (error) {
      setSaving(false);
      const code = error instanceof AuthApiError ? error.code : 'UNKNOWN';
      if (code === 'RESET_TOKEN_INVALID') setInvalid(true);
      else if (code === 'VALIDATION_FAILED') {
        // The client's check passed, so the server's list or rules refused it: say so at the field.
        setProblems({ password: { id: 'passwords.error.rejected' } });
        formRef.current?.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
      } else if (code === 'RATE_LIMITED') setFormError(waitProblem((error as AuthApiError).retryAfterSeconds));
      else setFormError({ id: code === 'NETWORK' ? 'error.NETWORK' : 'error.UNKNOWN' });
      return;
    }
    // Every session of the account ended on the server; forget this browser's credentials too
    // (signOut clears them locally whatever the server answers, and tells other tabs).
    if (session.signedIn) await session.signOut();
    navigate(to('/auth/reset-success'), { replace: true });
  }

  return (
    <Form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
      {formMessage}
      <NewPasswordField {...field('password')} />
      <ConfirmPasswordField {...field('confirmation')} />
      <Button type="submit" loading={saving}>
        <FormattedMessage id={saving ? 'passwords.saving' : 'passwords.reset.save'} />
      </Button>
    </Form>
  );
}

/** The /auth/change-password route: the new-password form for the token of the link. */
export function ResetPasswordPage() {
  const hydrated = useHydrated();
  const to = useLocalizePath();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // Read once: from the link's query, or from the history state after it left the address bar.
  const [token] = useState(() => {
    const fromState = (location.state as ResetState | null)?.resetToken;
    return params.get('token') ?? (typeof fromState === 'string' ? fromState : null);
  });

  useEffect(() => {
    if (params.has('token')) {
      navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true, state: { resetToken: token } satisfies ResetState });
    }
  }, [params, navigate, location.pathname, location.hash, token]);

  return (
    <Container size="narrow" className={styles.page}>
      <Heading level={1} size="2xl">
        <FormattedMessage id="page.authChangePassword.title" />
      </Heading>
      <Text tone="muted" className={styles.lead}>
        <FormattedMessage id="passwords.resetLink.lead" />
      </Text>
      <Card padding="lg">
        {/* The token lives only in the browser (query or history state): decide after hydration. */}
        {!hydrated ? <Skeleton height={180} /> : token ? <ResetForm token={token} /> : <InvalidLink />}
      </Card>
      <Text tone="muted" className={styles.switch}>
        <UiLink asChild>
          <Link to={to('/auth')}>
            <FormattedMessage id="passwords.backToSignIn" />
          </Link>
        </UiLink>
      </Text>
    </Container>
  );
}
