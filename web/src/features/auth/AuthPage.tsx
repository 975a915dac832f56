/**
 * /auth: sign in (AUTH-LOGIN) or create an account (AUTH-REGISTER) with e-mail and password.
 * Fields are checked in the browser first with the server's rules — a new password against the
 * shared password rules (NewPasswordField, ACC-PASSWORD) —; server errors are shown in the user's
 * language. Register and login send the page's locale (the language of the account's mails). On
 * success the session starts (new Relay environment) and the visitor lands on their profile.
 * `?mode=register` opens the registration form, so the switch works as a plain link; the sign-in
 * form links to /auth/reset ("Forgot your password?"). Under the form, both modes offer social
 * sign-in with the enabled providers (SocialButtons, AUTH-SOCIAL), which also land on the profile.
 */
import { currentPassword, email, fullName } from '@studio/site/fields';
import { Button, Card, Container, Form, Heading, Link as UiLink, PasswordField, Text, TextField } from '@studio/ui';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { SERVER_ERRORS, restError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import { login, register } from '../../session/authApi';
import { getDeviceToken } from '../../session/deviceToken';
import { useSession } from '../../session/SessionProvider';
import { NewPasswordField } from './NewPasswordField';
import { newPassword, waitForCommonPasswords } from './passwordRules';
import { SocialButtons } from './SocialButtons';
import styles from './AuthPage.module.css';

type Mode = 'signIn' | 'register';

/** The fields of each mode, in the form's order (AUTH-LOGIN, AUTH-REGISTER): the server's rules. */
const SCHEMAS = {
  signIn: z.object({ email, password: currentPassword }),
  register: z.object({ name: fullName, email, password: newPassword }),
};

export function AuthPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const mode: Mode = params.get('mode') === 'register' ? 'register' : 'signIn';
  const to = useLocalizePath();
  const locale = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  /** Set once the sign-in succeeded here: this page navigates on by itself. */
  const leaving = useRef(false);
  const { fields, formProps, field, formMessage, busy } = useSchemaForm({
    schema: SCHEMAS[mode],
    // Switching mode starts the form afresh (no messages) with what was typed.
    id: `auth-${mode}`,
    keepValues: true,
    prepare: mode === 'register' ? waitForCommonPasswords('password') : undefined,
    async onValid(value) {
      try {
        const deviceToken = getDeviceToken();
        const credentials =
          'name' in value
            ? await register({ email: value.email, password: value.password, name: value.name, deviceToken, locale })
            : await login({ email: value.email, password: value.password, deviceToken, locale });
        leaving.current = true;
        session.signIn(credentials);
        navigate(to('/profile'));
        return null;
      } catch (error) {
        return SERVER_ERRORS.signIn(restError(error));
      }
    },
  });

  useEffect(() => {
    if (session.signedIn && !busy && !leaving.current) navigate(to('/profile'), { replace: true });
  }, [session.signedIn, busy, navigate, to]);

  return (
    <Container size="narrow" className={styles.page}>
      <Heading level={1} size="2xl">
        <FormattedMessage id={mode === 'register' ? 'auth.register.title' : 'auth.signIn.title'} />
      </Heading>
      <Text tone="muted" className={styles.lead}>
        <FormattedMessage id={mode === 'register' ? 'auth.register.lead' : 'auth.signIn.lead'} />
      </Text>
      <Card padding="lg">
        <Form {...formProps}>
          {formMessage}
          {mode === 'register' ? <TextField label={<FormattedMessage id="auth.name.label" />} autoComplete="name" maxLength={100} {...field('name')} /> : null}
          <TextField label={<FormattedMessage id="auth.email.label" />} type="email" autoComplete="email" inputMode="email" {...field('email')} />
          {mode === 'register' ? (
            <NewPasswordField label={<FormattedMessage id="auth.password.label" />} {...field('password')} />
          ) : (
            <div className={styles.passwordWithLink}>
              <PasswordField
                label={<FormattedMessage id="auth.password.label" />}
                showLabel={intl.formatMessage({ id: 'auth.showPassword' })}
                hideLabel={intl.formatMessage({ id: 'auth.hidePassword' })}
                autoComplete="current-password"
                {...field('password')}
              />
              <UiLink asChild variant="subtle" className={styles.forgot}>
                {/* The typed address goes along in the history state (not the URL), to prefill the reset form. */}
                <Link to={to('/auth/reset')} state={{ email: (fields.email.value ?? '').trim() }}>
                  <FormattedMessage id="auth.forgotPassword" />
                </Link>
              </UiLink>
            </div>
          )}
          <Button type="submit" loading={busy}>
            <FormattedMessage id={busy ? 'auth.submitting' : mode === 'register' ? 'auth.register.submit' : 'auth.signIn.submit'} />
          </Button>
        </Form>
      </Card>
      <SocialButtons returnPath={to('/profile')} />
      <Text tone="muted" className={styles.switch}>
        <FormattedMessage id={mode === 'register' ? 'auth.haveAccount' : 'auth.noAccount'} />{' '}
        <UiLink asChild>
          <Link to={mode === 'register' ? to('/auth') : `${to('/auth')}?mode=register`}>
            <FormattedMessage id={mode === 'register' ? 'auth.switchToSignIn' : 'auth.switchToRegister'} />
          </Link>
        </UiLink>
      </Text>
    </Container>
  );
}
