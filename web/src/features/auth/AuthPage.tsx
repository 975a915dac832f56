/**
 * /auth: sign in (AUTH-LOGIN) or create an account (AUTH-REGISTER) with e-mail and password.
 * Fields are checked in the browser first with the server's rules — a new password against the
 * shared password rules (NewPasswordField, ACC-PASSWORD) —; server errors are shown in the user's
 * language. Register and login send the page's locale (the language of the account's mails). On
 * success the session starts (new Relay environment) and the visitor lands where they came from
 * (`?next=`, AUTH-RETURN: a safe same-site path only) or else on their profile.
 * `?mode=register` opens the registration form, so the switch works as a plain link; the sign-in
 * form links to /auth/reset ("Forgot your password?"). Under the form, both modes offer social
 * sign-in with the enabled providers (SocialButtons, AUTH-SOCIAL), which also land on the profile.
 * After many registrations from one address the server asks for a proof-of-work challenge
 * (SEC-CHALLENGE): the widget (forms/Challenge.tsx) solves it and the form is sent again.
 * Switching between the two modes moves focus to the new form's first field (A11Y-FOCUS), so
 * keyboard users do not start again from the bottom of the page.
 * An account with two-factor authentication is then asked for its code (TwoFactorStep, ACC-2FA).
 * The sign-in form also offers passkeys (PasskeySignIn, ACC-PASSKEYS): a button, and the e-mail
 * field's autofill (`autocomplete="username webauthn"`); their answer lands the same way.
 */
import { currentPassword, email, fullName } from '@studio/site/fields';
import { Form, TextField } from '@studio/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useChallenge } from '../../forms/Challenge';
import { SERVER_ERRORS, restError } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import { type TwoFactorChallenge, login, needsSecondFactor, register } from '../../session/authApi';
import type { Credentials } from '../../session/cookies';
import { TwoFactorStep } from './TwoFactorStep';
import { getDeviceToken } from '../../session/deviceToken';
import { NEXT_PARAM, safeNextPath } from '../../session/returnTo';
import { useSession } from '../../session/SessionProvider';
import { TextLink } from '../../app/links';
import { AuthFrame, AuthSwitch } from './AuthFrame';
import { CurrentPasswordField, NewPasswordField } from './NewPasswordField';
import { useAppContext } from '../../app/context';
import { newPassword, waitForCommonPasswords, withContextWords } from './passwordRules';
import { PasskeySignIn } from './PasskeySignIn';
import { SocialButtons } from './SocialButtons';
import styles from './AuthPage.module.css';

type Mode = 'signIn' | 'register';

/**
 * The fields of each mode, in the form's order (AUTH-LOGIN, AUTH-REGISTER): the server's rules;
 * a new password must not be mostly the typed e-mail address or the site's name (ACC-PASSWORD).
 */
function schemas(siteName: string) {
  return {
    signIn: z.object({ email, password: currentPassword }),
    register: withContextWords(z.object({ name: fullName, email, password: newPassword }), 'password', (value) => ({
      email: String(value['email'] ?? ''),
      siteName,
    })),
  };
}

/**
 * The form of `mode`: sends the page's locale and the device token, answers the proof-of-work
 * challenge when the server asks for one (SEC-CHALLENGE), and hands a sign-in's answer to `signedIn`.
 */
function useAuthForm(mode: Mode, schema: ReturnType<typeof schemas>[Mode], signedIn: (answer: Credentials | TwoFactorChallenge) => void) {
  const locale = useLocale();
  const form = useSchemaForm({
    schema,
    // Switching mode starts the form afresh (no messages) with what was typed.
    id: `auth-${mode}`,
    keepValues: true,
    prepare: mode === 'register' ? waitForCommonPasswords('password') : undefined,
    async onValid(value) {
      try {
        const deviceToken = getDeviceToken();
        const credentials =
          'name' in value
            ? await register({ email: value.email, password: value.password, name: value.name, deviceToken, locale, challenge: challenge.take() })
            : await login({ email: value.email, password: value.password, deviceToken, locale, challenge: challenge.take() });
        signedIn(credentials);
        return null;
      } catch (error) {
        const problem = restError(error);
        challenge.ask(problem);
        return SERVER_ERRORS.signIn(problem);
      }
    },
  });
  const challenge = useChallenge(() => form.formElement()?.requestSubmit());
  return { ...form, challenge };
}

/** A11Y-FOCUS: after a switch of mode (not on arrival) focus goes to the new form's first field. */
function useFocusOnSwitch(mode: Mode, formElement: () => HTMLFormElement | null) {
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    formElement()?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select')?.focus();
  }, [mode, formElement]);
}

/** The second factor's step of a sign-in (ACC-2FA). */
function SecondStep(props: { challengeToken: string; onRestart: () => void; onSignedIn: (credentials: { accessToken: string }) => void }) {
  return (
    <AuthFrame title={<FormattedMessage id="auth.twoFactor.title" />} lead={<FormattedMessage id="auth.twoFactor.lead" />}>
      <TwoFactorStep challengeToken={props.challengeToken} onRestart={props.onRestart} onSignedIn={props.onSignedIn} />
    </AuthFrame>
  );
}

/** Under the form: social sign-in, and the switch to the other mode (keeping `?next=`). */
function AuthAfter(props: { mode: Mode; destination: string; next: string | null }) {
  const { mode } = props;
  const switchParams = new URLSearchParams(mode === 'register' ? {} : { mode: 'register' });
  if (props.next) switchParams.set(NEXT_PARAM, props.next);
  const switchQuery = switchParams.toString();
  return (
    <>
      <SocialButtons returnPath={props.destination} />
      <AuthSwitch
        prompt={<FormattedMessage id={mode === 'register' ? 'auth.haveAccount' : 'auth.noAccount'} />}
        to={switchQuery ? `/auth?${switchQuery}` : '/auth'}
      >
        <FormattedMessage id={mode === 'register' ? 'auth.switchToSignIn' : 'auth.switchToRegister'} />
      </AuthSwitch>
    </>
  );
}

/** The sign-in's password field, with "Forgot your password?" beside it. */
function PasswordWithReset(props: { passwordField: ReturnType<ReturnType<typeof useAuthForm>['field']>; email: string }) {
  return (
    <div className={styles.passwordWithLink}>
      <CurrentPasswordField label={<FormattedMessage id="auth.password.label" />} {...props.passwordField} />
      {/* The typed address goes along in the history state (not the URL), to prefill the reset form. */}
      <TextLink to="/auth/reset" state={{ email: props.email.trim() }} variant="subtle" className={styles.forgot}>
        <FormattedMessage id="auth.forgotPassword" />
      </TextLink>
    </div>
  );
}

export function AuthPage() {
  const [params] = useSearchParams();
  const mode: Mode = params.get('mode') === 'register' ? 'register' : 'signIn';
  const to = useLocalizePath();
  const navigate = useNavigate();
  const session = useSession();
  // Where to land after signing in (AUTH-RETURN): the page that sent the visitor here, else the profile.
  const next = safeNextPath(params.get(NEXT_PARAM));
  const destination = next ?? to('/profile');
  /** Set once the sign-in succeeded here: this page navigates on by itself. */
  const leaving = useRef(false);
  const { siteName } = useAppContext();
  const SCHEMAS = useMemo(() => schemas(siteName), [siteName]);
  /** The challenge token of a sign-in waiting for its second factor (ACC-2FA). */
  const [secondStep, setSecondStep] = useState<string | null>(null);
  /** A sign-in's answer (password or passkey): the second factor's step, or the session and on to `destination`. */
  const signedIn = (answer: Credentials | TwoFactorChallenge) => {
    if (needsSecondFactor(answer)) {
      setSecondStep(answer.challengeToken);
      return;
    }
    leaving.current = true;
    session.signIn(answer);
    navigate(destination);
  };
  const { fields, formProps, field, formMessage, busy, formElement, challenge } = useAuthForm(mode, SCHEMAS[mode], signedIn);

  useEffect(() => {
    if (session.signedIn && !busy && !leaving.current) navigate(destination, { replace: true });
  }, [session.signedIn, busy, navigate, destination]);

  useFocusOnSwitch(mode, formElement);

  if (secondStep) {
    return (
      <SecondStep
        challengeToken={secondStep}
        onRestart={() => setSecondStep(null)}
        onSignedIn={(credentials) => {
          leaving.current = true;
          session.signIn({ accessToken: credentials.accessToken });
          navigate(destination);
        }}
      />
    );
  }

  return (
    <AuthFrame
      title={<FormattedMessage id={mode === 'register' ? 'auth.register.title' : 'auth.signIn.title'} />}
      lead={<FormattedMessage id={mode === 'register' ? 'auth.register.lead' : 'auth.signIn.lead'} />}
      after={<AuthAfter mode={mode} destination={destination} next={next} />}
    >
      <Form {...formProps}>
        {formMessage}
        {mode === 'register' ? <TextField label={<FormattedMessage id="auth.name.label" />} autoComplete="name" maxLength={100} {...field('name')} /> : null}
        <TextField
          label={<FormattedMessage id="auth.email.label" />}
          type="email"
          // Signing in, the browser may offer passkeys among the field's suggestions (PasskeySignIn).
          autoComplete={mode === 'register' ? 'email' : 'username webauthn'}
          inputMode="email"
          {...field('email')}
        />
        {mode === 'register' ? (
          <NewPasswordField label={<FormattedMessage id="auth.password.label" />} {...field('password')} />
        ) : (
          <PasswordWithReset passwordField={field('password')} email={fields.email.value ?? ''} />
        )}
        {challenge.element}
        <SubmitButton
          busy={busy}
          label={<FormattedMessage id={mode === 'register' ? 'auth.register.submit' : 'auth.signIn.submit'} />}
          busyLabel={<FormattedMessage id="auth.submitting" />}
        />
      </Form>
      {mode === 'signIn' ? <PasskeySignIn onSignedIn={signedIn} /> : null}
    </AuthFrame>
  );
}
