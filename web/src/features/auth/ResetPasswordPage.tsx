/**
 * /auth/change-password?token=… (ACC-RESET): the page the reset mail links to. The token is read
 * once and taken out of the address bar at once (a replace navigation to the same localized path,
 * the token kept in the history entry's state), so it does not linger in the visible URL, in the
 * history list or in a Referer; a reload still works. The visitor chooses a new password (the
 * shared rules, NewPasswordField, ACC-PASSWORD) and repeats it; the server ends every session of
 * the account, so this browser's stored credentials are cleared too before landing on
 * /auth/reset-success. The link is checked as soon as the page opens (`checkResetLink`, which does
 * not use it): a used, expired, unknown or replaced link (or none at all) gets a message saying
 * which, with the way to ask for a new one, instead of the form — nothing is typed in vain. Should
 * the check fail (network, rate limit), the form shows and its own request decides.
 */
import { Form, Skeleton } from '@studio/ui';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useHydrated } from '../../app/useHydrated';
import { SERVER_ERRORS, restError } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocalizePath } from '../../i18n/useLocale';
import { type RemovedLink, type ResetLinkStatus, checkResetLink, confirmPasswordReset } from '../../session/authApi';
import { resetSuccessState } from './ResetSuccessPage';
import { useSession } from '../../session/SessionProvider';
import { LinkCallout } from '../../account/notices';
import { AuthFrame, AuthSwitch } from './AuthFrame';
import { ConfirmPasswordField, NewPasswordField } from './NewPasswordField';
import { useAppContext } from '../../app/context';
import { confirmation, newPassword, waitForCommonPasswords, withConfirmation, withContextWords } from './passwordRules';

/**
 * The new password and its repetition. The page does not know the account, so only the site's
 * name is checked here; the server refuses the account's own words (`passwords.error.context`).
 */
const schema = (siteName: string) =>
  withContextWords(withConfirmation(z.object({ password: newPassword, confirmation }), 'password', 'confirmation'), 'password', () => ({ siteName }));

/** Where the token is kept once it left the address bar. */
interface ResetState {
  resetToken?: unknown;
}

/** A link that no longer works, and why when the server said (used, expired; else unknown or replaced). */
type DeadLink = Exclude<ResetLinkStatus, 'valid'>;

/** The message ids of each dead link's title and text. */
const DEAD_LINK_MESSAGES: Record<DeadLink, { title: string; text: string }> = {
  used: { title: 'passwords.resetLink.usedTitle', text: 'passwords.resetLink.used' },
  expired: { title: 'passwords.resetLink.expiredTitle', text: 'passwords.resetLink.expired' },
  invalid: { title: 'passwords.resetLink.invalidTitle', text: 'passwords.resetLink.invalid' },
};

/** The message a dead link gets, with the way to a new one; focused so it is read at once. */
function InvalidLink(props: { status?: DeadLink }) {
  const messages = DEAD_LINK_MESSAGES[props.status ?? 'invalid'];
  return (
    <LinkCallout
      focus
      tone="warning"
      role="alert"
      title={<FormattedMessage id={messages.title} />}
      to="/auth/reset"
      linkLabel={<FormattedMessage id="passwords.resetLink.requestNew" />}
    >
      <FormattedMessage id={messages.text} />
    </LinkCallout>
  );
}

/** Checks the link once when the page opens (ACC-RESET): null while asking, then its status; a failed check reads as `valid`. */
function useLinkStatus(token: string): ResetLinkStatus | null {
  const [status, setStatus] = useState<ResetLinkStatus | null>(null);
  useEffect(() => {
    let current = true;
    checkResetLink(token).then(
      (answer) => current && setStatus(answer),
      () => current && setStatus('valid'),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return status;
}

/** The form once the link was checked, or the dead link's message instead of it. */
function CheckedResetForm(props: { token: string }) {
  const status = useLinkStatus(props.token);
  if (status === null) return <Skeleton height={180} />;
  return status === 'valid' ? <ResetForm token={props.token} /> : <InvalidLink status={status} />;
}

function ResetForm(props: { token: string }) {
  const to = useLocalizePath();
  const navigate = useNavigate();
  const session = useSession();
  const [invalid, setInvalid] = useState(false);
  const { siteName } = useAppContext();
  const Schema = useMemo(() => schema(siteName), [siteName]);
  const { formProps, field, formMessage, busy } = useSchemaForm({
    schema: Schema,
    prepare: waitForCommonPasswords('password'),
    async onValid(value) {
      let removedLinks: RemovedLink[];
      try {
        removedLinks = await confirmPasswordReset(props.token, value.password);
      } catch (error) {
        const failure = restError(error);
        if (failure.code !== 'RESET_TOKEN_INVALID') return SERVER_ERRORS.resetPassword(failure);
        setInvalid(true);
        return null;
      }
      // Every session of the account ended on the server; forget this browser's credentials too
      // (signOut clears them locally whatever the server answers, and tells other tabs).
      if (session.signedIn) await session.signOut();
      // The success page names the sign-in methods the reset disconnected (ACC-LINKED).
      navigate(to('/auth/reset-success'), { replace: true, state: resetSuccessState(removedLinks) });
      return null;
    },
  });

  if (invalid) return <InvalidLink />;
  return (
    <Form {...formProps}>
      {formMessage}
      <NewPasswordField {...field('password')} />
      <ConfirmPasswordField {...field('confirmation')} />
      <SubmitButton busy={busy} label={<FormattedMessage id="passwords.reset.save" />} busyLabel={<FormattedMessage id="passwords.saving" />} />
    </Form>
  );
}

/** The /auth/change-password route: the new-password form for the token of the link. */
export function ResetPasswordPage() {
  const hydrated = useHydrated();
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
    <AuthFrame
      title={<FormattedMessage id="page.authChangePassword.title" />}
      lead={<FormattedMessage id="passwords.resetLink.lead" />}
      after={
        <AuthSwitch to="/auth">
          <FormattedMessage id="passwords.backToSignIn" />
        </AuthSwitch>
      }
    >
      {/* The token lives only in the browser (query or history state): decide after hydration. */}
      {!hydrated ? <Skeleton height={180} /> : token ? <CheckedResetForm token={token} /> : <InvalidLink />}
    </AuthFrame>
  );
}
