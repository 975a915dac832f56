/**
 * /auth: sign in or create an account with e-mail and password. Fields are checked in the
 * browser first — a new password against the shared rules (NewPasswordField, issue 6) —; server
 * errors are shown in the user's language. Register and login send the page's locale (the
 * language of the account's mails). On success the session starts (new Relay environment) and the
 * visitor lands on their profile. `?mode=register` opens the registration form, so the switch
 * works as a plain link; the sign-in form links to /auth/reset ("Forgot your password?").
 * Under the form, both modes offer social sign-in with the enabled providers (SocialButtons,
 * issue 7), which also land on the profile.
 */
import { Button, Card, Container, Form, Heading, Link as UiLink, PasswordField, Text, TextField } from '@studio/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import { AuthApiError, login, register } from '../../session/authApi';
import { getDeviceToken } from '../../session/deviceToken';
import { useSession } from '../../session/SessionProvider';
import { waitProblem } from './forms';
import { useFormFields } from './useFormFields';
import { NewPasswordField } from './NewPasswordField';
import { checkNewPassword } from './passwordRules';
import { SocialButtons } from './SocialButtons';
import { type FieldProblem, checkCurrentPassword, checkEmail, checkName, serverErrorMessageId } from './validation';
import styles from './AuthPage.module.css';

type Mode = 'signIn' | 'register';
type Field = 'name' | 'email' | 'password';

export function AuthPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const mode: Mode = params.get('mode') === 'register' ? 'register' : 'signIn';
  const to = useLocalizePath();
  const locale = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const { values, setProblems, setFormError, formRef, field, formMessage } = useFormFields<Field>({ name: '', email: '', password: '' });
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (session.signedIn && !submitting) navigate(to('/profile'), { replace: true });
  }, [session.signedIn, submitting, navigate, to]);

  useEffect(() => {
    setProblems({});
    setFormError(null);
  }, [mode, setProblems, setFormError]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found: Partial<Record<Field, FieldProblem>> = {};
    const email = checkEmail(values.email);
    setSubmitting(true);
    // A new password is checked against the common-password list too (loaded now if not yet).
    const password = mode === 'register' ? await checkNewPassword(values.password) : checkCurrentPassword(values.password);
    if (email) found.email = email;
    if (password) found.password = password;
    if (mode === 'register') {
      const name = checkName(values.name);
      if (name) found.name = name;
    }
    setProblems(found);
    setFormError(null);
    const first = (['name', 'email', 'password'] as const).find((f) => found[f]);
    if (first) {
      setSubmitting(false);
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      const deviceToken = getDeviceToken();
      const credentials =
        mode === 'register'
          ? await register({ email: values.email.trim(), password: values.password, name: values.name.trim(), deviceToken, locale })
          : await login({ email: values.email.trim(), password: values.password, deviceToken, locale });
      session.signIn(credentials);
      navigate(to('/profile'));
    } catch (error) {
      const code = error instanceof AuthApiError ? error.code : 'UNKNOWN';
      const retryAfter = error instanceof AuthApiError ? error.retryAfterSeconds : null;
      const problem = code === 'RATE_LIMITED' && retryAfter ? waitProblem(retryAfter) : { id: serverErrorMessageId(code) };
      setFormError(problem);
      setSubmitting(false);
    }
  }

  return (
    <Container size="narrow" className={styles.page}>
      <Heading level={1} size="2xl">
        <FormattedMessage id={mode === 'register' ? 'auth.register.title' : 'auth.signIn.title'} />
      </Heading>
      <Text tone="muted" className={styles.lead}>
        <FormattedMessage id={mode === 'register' ? 'auth.register.lead' : 'auth.signIn.lead'} />
      </Text>
      <Card padding="lg">
        <Form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
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
                <Link to={to('/auth/reset')} state={{ email: values.email.trim() }}>
                  <FormattedMessage id="auth.forgotPassword" />
                </Link>
              </UiLink>
            </div>
          )}
          <Button type="submit" loading={submitting}>
            <FormattedMessage id={submitting ? 'auth.submitting' : mode === 'register' ? 'auth.register.submit' : 'auth.signIn.submit'} />
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
