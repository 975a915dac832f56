/**
 * /auth/reset (ACC-RESET): the visitor gives an e-mail address and the server mails a link to
 * /auth/change-password that works for one hour. The answer is the same whether or not an account
 * has that address, so the page says "if an account exists …". The link can be sent again; a rate
 * limit is shown as a localized "wait" message. The address typed on the sign-in form arrives in
 * the history state.
 */
import { email } from '@studio/site/fields';
import type { FieldProblem } from '@studio/site/problems';
import { Button, Callout, Form, FormActions, FormMessage, Text, TextField } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { SERVER_ERRORS, restError } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocale } from '../../i18n/useLocale';
import { requestPasswordReset } from '../../session/authApi';
import { useFocusWhen } from '../../account/useFocusWhen';
import { AuthFrame, AuthSwitch } from './AuthFrame';
import styles from './AuthPage.module.css';

const Schema = z.object({ email });

/** The form: the address to send the link to. */
function RequestForm(props: { initialEmail: string; focusOnMount: boolean; send: (address: string) => Promise<FieldProblem | null> }) {
  const { formProps, field, formMessage, busy } = useSchemaForm({
    schema: Schema,
    defaultValue: { email: props.initialEmail },
    onValid: async (value) => {
      const problem = await props.send(value.email);
      return problem && { field: null, problem };
    },
  });
  // Back from the confirmation: keyboard users keep their place.
  const inputRef = useFocusWhen<HTMLInputElement>(props.focusOnMount);

  return (
    <Form {...formProps}>
      {formMessage}
      <TextField
        ref={inputRef}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        label={<FormattedMessage id="auth.email.label" />}
        {...field('email')}
      />
      <SubmitButton busy={busy} label={<FormattedMessage id="passwords.reset.submit" />} busyLabel={<FormattedMessage id="passwords.reset.sending" />} />
    </Form>
  );
}

export function ResetRequestPage() {
  const intl = useIntl();
  const locale = useLocale();
  const location = useLocation();
  const fromSignIn = (location.state as { email?: unknown } | null)?.email;
  const [sending, setSending] = useState(false);
  /** The address the last accepted request was for, and how many were accepted (to say "sent again"). */
  const [sent, setSent] = useState<{ email: string; count: number } | null>(null);
  /** The address the form shows: from the sign-in form, then the last one sent. */
  const [draft, setDraft] = useState({ email: typeof fromSignIn === 'string' ? fromSignIn : '', back: false });
  const [resendError, setResendError] = useState<FieldProblem | null>(null);
  // The form and the confirmation replace each other: move focus along so keyboard users keep their place.
  const sentRef = useFocusWhen<HTMLDivElement>(sent?.count === 1);

  async function send(address: string): Promise<FieldProblem | null> {
    setSending(true);
    try {
      await requestPasswordReset(address, locale);
      setSent((previous) => ({ email: address, count: previous?.email === address ? previous.count + 1 : 1 }));
      return null;
    } catch (error) {
      return SERVER_ERRORS.resetRequest(restError(error)).problem;
    } finally {
      setSending(false);
    }
  }

  async function resend() {
    if (!sent || sending) return;
    setResendError(null);
    setResendError(await send(sent.email));
  }

  return (
    <AuthFrame
      title={<FormattedMessage id="page.authReset.title" />}
      lead={<FormattedMessage id="passwords.reset.lead" />}
      after={
        <AuthSwitch prompt={<FormattedMessage id="passwords.reset.remembered" />} to="/auth">
          <FormattedMessage id="auth.switchToSignIn" />
        </AuthSwitch>
      }
    >
      {sent ? (
        <div className={styles.stack}>
          <Callout ref={sentRef} tabIndex={-1} tone="success" title={<FormattedMessage id="passwords.reset.sentTitle" />}>
            <FormattedMessage id="passwords.reset.sent" values={{ email: <strong>{sent.email}</strong> }} />
          </Callout>
          <Text tone="muted" size="sm">
            <FormattedMessage id="passwords.reset.notArrived" />
          </Text>
          {resendError ? <FormMessage tone="error">{intl.formatMessage({ id: resendError.id }, resendError.values)}</FormMessage> : null}
          {sent.count > 1 && !resendError && !sending ? (
            <FormMessage tone="success">
              <FormattedMessage id="passwords.reset.sentAgain" values={{ email: sent.email }} />
            </FormMessage>
          ) : null}
          <FormActions>
            <Button variant="secondary" loading={sending} onClick={() => void resend()}>
              <FormattedMessage id={sending ? 'passwords.reset.sending' : 'passwords.reset.resend'} />
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft({ email: sent.email, back: true });
                setSent(null);
                setResendError(null);
              }}
            >
              <FormattedMessage id="passwords.reset.otherAddress" />
            </Button>
          </FormActions>
        </div>
      ) : (
        <RequestForm initialEmail={draft.email} focusOnMount={draft.back} send={send} />
      )}
    </AuthFrame>
  );
}
