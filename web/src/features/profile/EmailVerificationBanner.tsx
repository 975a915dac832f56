/**
 * The e-mail confirmation banner of /profile (ACC-EMAIL): shown only while the account's address is
 * not confirmed (`isVerified` false). It asks for the 8-character code mailed at registration
 * (EmailCodeForm → `verifyEmail`) and can send a new one (`sendEmailVerification`); a rate limit
 * (`TOO_MANY_REQUESTS`, `retryAfterSeconds`) is said in the user's language and keeps the button
 * disabled for that long. On success the record in the Relay store says `isVerified: true`, so the
 * prompt goes away; a polite status line (focused, since the field that had focus is gone) says so.
 * The profile page renders it with a user that spreads `...EmailVerificationBanner_user`.
 */
import type { FieldProblem } from '@studio/site/problems';
import { Button, Callout, FormMessage, Heading, Text } from '@studio/ui';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation, useRelayEnvironment } from 'react-relay';
import { commitLocalUpdate } from 'relay-runtime';
import type { EmailVerificationBanner_user$key } from './__generated__/EmailVerificationBanner_user.graphql';
import type { EmailVerificationBannerSendMutation } from './__generated__/EmailVerificationBannerSendMutation.graphql';
import type { EmailVerificationBannerVerifyMutation } from './__generated__/EmailVerificationBannerVerifyMutation.graphql';
import { runMutation } from '../../forms/runMutation';
import { SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { useFocusWhen } from '../../account/useFocusWhen';
import { EmailCodeForm } from './EmailCodeForm';
import styles from './EmailVerificationBanner.module.css';

const Fragment = graphql`
  fragment EmailVerificationBanner_user on User {
    id
    email
    isVerified
  }
`;

const VerifyMutation = graphql`
  mutation EmailVerificationBannerVerifyMutation($code: String!) {
    verifyEmail(code: $code) {
      id
      ...EmailVerificationBanner_user
    }
  }
`;

const SendMutation = graphql`
  mutation EmailVerificationBannerSendMutation {
    sendEmailVerification {
      sentTo
      expiresAt
      user {
        id
        ...EmailVerificationBanner_user
      }
    }
  }
`;

/**
 * "Send a new code" (`sendEmailVerification`): the last code sent (where to, until when, and a
 * count that restarts the code form), the problem to show, and, after `TOO_MANY_REQUESTS`, until
 * when (ms) no other code may be asked for. `onAlreadyVerified` runs when the server says there is
 * nothing left to confirm.
 */
function useSendCode(onAlreadyVerified: () => void) {
  const [commitSend, sending] = useMutation<EmailVerificationBannerSendMutation>(SendMutation);
  const [sent, setSent] = useState<{ to: string; expiresAt: string; count: number } | null>(null);
  const [sendError, setSendError] = useState<FieldProblem | null>(null);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);

  useEffect(() => {
    if (waitUntil === null) return;
    const timer = setTimeout(
      () => {
        setWaitUntil(null);
        setSendError(null);
      },
      Math.max(0, waitUntil - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [waitUntil]);

  async function sendNew() {
    if (sending || waitUntil !== null) return;
    setSendError(null);
    const { response, errors } = await runMutation(commitSend, { variables: {} });
    const error = firstError(errors);
    if (!error && response) {
      const payload = response.sendEmailVerification;
      setSent((previous) => ({ to: payload.sentTo, expiresAt: payload.expiresAt, count: (previous?.count ?? 0) + 1 }));
      return;
    }
    if (error?.code === 'ALREADY_VERIFIED') {
      onAlreadyVerified();
      return;
    }
    if (error?.code === 'TOO_MANY_REQUESTS') {
      const seconds = Number(error.extensions['retryAfterSeconds']);
      if (Number.isFinite(seconds) && seconds > 0) setWaitUntil(Date.now() + seconds * 1000);
    }
    setSendError(SERVER_ERRORS.account(error).problem);
  }

  return { sending, sent, sendError, waitUntil, sendNew };
}

export function EmailVerificationBanner(props: { user: EmailVerificationBanner_user$key }) {
  const user = useFragment(Fragment, props.user);
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const [commitVerify] = useMutation<EmailVerificationBannerVerifyMutation>(VerifyMutation);
  /** Whether the address was confirmed here, just now (then the banner turns into the thank-you line). */
  const [justVerified, setJustVerified] = useState(false);
  const doneRef = useFocusWhen<HTMLDivElement>(justVerified && user.isVerified);
  const titleId = useId();

  /** Marks the record verified in the store (the server says it already is). */
  function markVerified() {
    commitLocalUpdate(environment, (store) => store.get(user.id)?.setValue(true, 'isVerified'));
  }
  const { sending, sent, sendError, waitUntil, sendNew } = useSendCode(() => {
    setJustVerified(true);
    markVerified();
  });

  if (user.isVerified !== false) {
    return justVerified ? (
      <Callout ref={doneRef} tabIndex={-1} tone="success" role="status">
        <FormattedMessage id="passwords.verify.done" values={{ email: user.email ?? '' }} />
      </Callout>
    ) : null;
  }

  async function verify(code: string) {
    const { errors } = await runMutation(commitVerify, { variables: { code } });
    const error = firstError(errors);
    if (!error || error.code === 'ALREADY_VERIFIED') {
      setJustVerified(true);
      if (error) markVerified();
      return [];
    }
    return errors;
  }

  const sendButton = (
    <Button type="button" variant="secondary" size="sm" loading={sending} disabled={waitUntil !== null} onClick={() => void sendNew()}>
      <FormattedMessage id={sending ? 'passwords.verify.sending' : 'passwords.verify.sendNew'} />
    </Button>
  );

  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <Heading level={2} size="lg" id={titleId}>
        <FormattedMessage id="passwords.verify.title" values={{ email: <span className={styles.address}>{user.email}</span> }} />
      </Heading>
      <Text tone="muted">
        <FormattedMessage id="passwords.verify.lead" />
      </Text>
      {sent ? (
        <FormMessage tone="success">
          <FormattedMessage
            id="passwords.verify.sent"
            values={{ email: sent.to, time: <FormattedTime value={sent.expiresAt} hour="numeric" minute="2-digit" /> }}
          />
        </FormMessage>
      ) : null}
      {sendError ? <FormMessage tone="error">{intl.formatMessage({ id: sendError.id }, sendError.values)}</FormMessage> : null}
      <EmailCodeForm
        key={sent?.count ?? 0}
        id="email-verification-code"
        label={<FormattedMessage id="passwords.code.label" />}
        hint={<FormattedMessage id="passwords.verify.hint" />}
        submitLabel={<FormattedMessage id="passwords.verify.submit" />}
        expiredMessage={<FormattedMessage id="passwords.verify.expired" />}
        expiredAction={sendButton}
        submit={verify}
      >
        {sendButton}
      </EmailCodeForm>
    </section>
  );
}
