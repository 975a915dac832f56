/**
 * /auth/reset (issue 6, SPEC.md §2 "password reset flow"): the visitor gives an e-mail address and
 * the server mails a link to /auth/change-password that works for one hour. The answer is the same
 * whether or not an account has that address (DESIGN.md §7: reset requests always answer the same),
 * so the page says "if an account exists …". The link can be sent again; a rate limit is shown as a
 * localized "wait" message. The address typed on the sign-in form arrives in the history state.
 */
import { Button, Callout, Card, Container, Form, FormActions, FormMessage, Heading, Link as UiLink, Text, TextField } from '@studio/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import { AuthApiError, requestPasswordReset } from '../../session/authApi';
import { waitProblem } from './forms';
import { type FieldProblem, checkEmail } from './validation';
import styles from './AuthPage.module.css';

/** The failure of a reset request as a message: rate limit (with the wait), network, or generic. */
function requestProblem(error: unknown): FieldProblem {
  if (!(error instanceof AuthApiError)) return { id: 'error.UNKNOWN' };
  if (error.code === 'RATE_LIMITED') return waitProblem(error.retryAfterSeconds);
  if (error.code === 'NETWORK') return { id: 'error.NETWORK' };
  return { id: 'error.UNKNOWN' };
}

export function ResetRequestPage() {
  const intl = useIntl();
  const to = useLocalizePath();
  const locale = useLocale();
  const location = useLocation();
  const initialEmail = (location.state as { email?: unknown } | null)?.email;
  const [email, setEmail] = useState(typeof initialEmail === 'string' ? initialEmail : '');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [formError, setFormError] = useState<FieldProblem | null>(null);
  const [sending, setSending] = useState(false);
  /** The address the last accepted request was for, and how many were accepted (to say "sent again"). */
  const [sent, setSent] = useState<{ email: string; count: number } | null>(null);
  const [resendError, setResendError] = useState<FieldProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (formError) alertRef.current?.focus();
  }, [formError]);
  const focusEmail = useRef(false);
  useEffect(() => {
    // The form and the confirmation replace each other: move focus along so keyboard users keep their place.
    if (sent?.count === 1) sentRef.current?.focus();
    if (!sent && focusEmail.current) {
      focusEmail.current = false;
      formRef.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
    }
  }, [sent]);

  async function send(address: string): Promise<FieldProblem | null> {
    setSending(true);
    try {
      await requestPasswordReset(address, locale);
      setSent((previous) => ({ email: address, count: previous?.email === address ? previous.count + 1 : 1 }));
      return null;
    } catch (error) {
      return requestProblem(error);
    } finally {
      setSending(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = checkEmail(email);
    setProblem(found);
    setFormError(null);
    if (found) {
      formRef.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
      return;
    }
    setFormError(await send(email.trim()));
  }

  async function resend() {
    if (!sent || sending) return;
    setResendError(null);
    setResendError(await send(sent.email));
  }

  const text = (p: FieldProblem | null) => (p ? intl.formatMessage({ id: p.id }, p.values) : undefined);

  return (
    <Container size="narrow" className={styles.page}>
      <Heading level={1} size="2xl">
        <FormattedMessage id="page.authReset.title" />
      </Heading>
      <Text tone="muted" className={styles.lead}>
        <FormattedMessage id="passwords.reset.lead" />
      </Text>
      <Card padding="lg">
        {sent ? (
          <div className={styles.stack}>
            <Callout ref={sentRef} tabIndex={-1} tone="success" title={<FormattedMessage id="passwords.reset.sentTitle" />}>
              <FormattedMessage id="passwords.reset.sent" values={{ email: <strong>{sent.email}</strong> }} />
            </Callout>
            <Text tone="muted" size="sm">
              <FormattedMessage id="passwords.reset.notArrived" />
            </Text>
            {resendError ? <FormMessage tone="error">{text(resendError)}</FormMessage> : null}
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
                  focusEmail.current = true;
                  setSent(null);
                  setResendError(null);
                }}
              >
                <FormattedMessage id="passwords.reset.otherAddress" />
              </Button>
            </FormActions>
          </div>
        ) : (
          <Form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={sending || undefined}>
            {formError ? (
              <FormMessage ref={alertRef} tabIndex={-1} tone="error">
                {text(formError)}
              </FormMessage>
            ) : null}
            <TextField
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              label={<FormattedMessage id="auth.email.label" />}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={text(problem)}
            />
            <Button type="submit" loading={sending}>
              <FormattedMessage id={sending ? 'passwords.reset.sending' : 'passwords.reset.submit'} />
            </Button>
          </Form>
        )}
      </Card>
      <Text tone="muted" className={styles.switch}>
        <FormattedMessage id="passwords.reset.remembered" />{' '}
        <UiLink asChild>
          <Link to={to('/auth')}>
            <FormattedMessage id="auth.switchToSignIn" />
          </Link>
        </UiLink>
      </Text>
    </Container>
  );
}
