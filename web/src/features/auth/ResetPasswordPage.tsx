/**
 * /auth/change-password?token=… (ACC-RESET): the page the reset mail links to. The token is read
 * once and taken out of the address bar at once (a replace navigation to the same localized path,
 * the token kept in the history entry's state), so it does not linger in the visible URL, in the
 * history list or in a Referer; a reload still works. The visitor chooses a new password (the
 * shared rules, NewPasswordField, ACC-PASSWORD) and repeats it; the server ends every session of
 * the account, so this browser's stored credentials are cleared too before landing on
 * /auth/reset-success. An unknown, used, replaced or expired link (or none at all) answers a clear
 * message with the way to ask for a new one.
 */
import { Button, Callout, Card, Container, Form, Heading, Link as UiLink, Skeleton, Text } from '@studio/ui';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useHydrated } from '../../app/useHydrated';
import { SERVER_ERRORS, restError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocalizePath } from '../../i18n/useLocale';
import { confirmPasswordReset } from '../../session/authApi';
import { useSession } from '../../session/SessionProvider';
import { ConfirmPasswordField, NewPasswordField } from './NewPasswordField';
import { confirmation, newPassword, waitForCommonPasswords, withConfirmation } from './passwordRules';
import styles from './AuthPage.module.css';

const Schema = withConfirmation(z.object({ password: newPassword, confirmation }), 'password', 'confirmation');

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
  const [invalid, setInvalid] = useState(false);
  const { formProps, field, formMessage, busy } = useSchemaForm({
    schema: Schema,
    prepare: waitForCommonPasswords('password'),
    async onValid(value) {
      try {
        await confirmPasswordReset(props.token, value.password);
      } catch (error) {
        const failure = restError(error);
        if (failure.code !== 'RESET_TOKEN_INVALID') return SERVER_ERRORS.resetPassword(failure);
        setInvalid(true);
        return null;
      }
      // Every session of the account ended on the server; forget this browser's credentials too
      // (signOut clears them locally whatever the server answers, and tells other tabs).
      if (session.signedIn) await session.signOut();
      navigate(to('/auth/reset-success'), { replace: true });
      return null;
    },
  });

  if (invalid) return <InvalidLink />;
  return (
    <Form {...formProps}>
      {formMessage}
      <NewPasswordField {...field('password')} />
      <ConfirmPasswordField {...field('confirmation')} />
      <Button type="submit" loading={busy}>
        <FormattedMessage id={busy ? 'passwords.saving' : 'passwords.reset.save'} />
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
