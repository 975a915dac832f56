/**
 * The one form for an 8-character code mailed by the server (issue 6): confirming the account's
 * address (EmailVerificationBanner, `verifyEmail`) and a new address (ChangeEmailPage,
 * `confirmEmailChange`). The code is checked in the browser first (8 characters of the code
 * alphabet; case, spaces and dashes do not matter); `CODE_INVALID` shows the attempts left at the
 * field, `CODE_EXPIRED` (expired, used up, or none pending) replaces the field with the caller's
 * explanation and way forward (send a new code / start again); a rate limit or a network failure
 * shows above the form. `autocomplete="one-time-code"` lets phones offer the code from the mail.
 * Give it a new `key` to start over after a new code was sent.
 */
import { Button, Callout, Form, FormActions, FormMessage, TextField } from '@studio/ui';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type GraphQLErrorLike, checkCode, firstError, formProblem, normalizeCode } from '../auth/forms';
import type { FieldProblem } from '../auth/validation';

export interface EmailCodeFormProps {
  /** Sends the normalized code; resolves with the mutation's GraphQL errors (none on success). */
  submit(code: string): Promise<readonly GraphQLErrorLike[]>;
  /** The field's label, e.g. "Code from the e-mail". */
  label: ReactNode;
  /** Help under the field (where the code was sent, how long it works). */
  hint?: ReactNode;
  /** The submit button's text. */
  submitLabel: ReactNode;
  /** What to say once the code is void (expired, used up, or none pending). */
  expiredMessage: ReactNode;
  /** What to do then, e.g. a "Send a new code" or "Start again" button. */
  expiredAction?: ReactNode;
  /** Further buttons after the submit button (e.g. "Use a different address"). */
  children?: ReactNode;
  /** Disables the form while the caller is busy (e.g. sending a new code). */
  disabled?: boolean;
  /** Distinguishes the field's id when two code forms could share a page. */
  id: string;
}

export function EmailCodeForm(props: EmailCodeFormProps) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [formError, setFormError] = useState<FieldProblem | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const expiredRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (formError) alertRef.current?.focus();
  }, [formError]);
  useEffect(() => {
    if (expired) expiredRef.current?.focus();
  }, [expired]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || props.disabled) return;
    const found = checkCode(code);
    setProblem(found);
    setFormError(null);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const errors = await props.submit(normalizeCode(code));
    // On success the caller usually unmounts this form (the record changed in the store).
    if (!mounted.current) return;
    setBusy(false);
    const error = firstError(errors);
    if (!error) return;
    if (error.code === 'CODE_INVALID') {
      const attemptsLeft = Number(error.extensions['attemptsLeft']);
      if (attemptsLeft === 0) {
        setExpired(true);
        return;
      }
      setProblem(Number.isFinite(attemptsLeft) ? { id: 'passwords.code.wrongAttempts', values: { attemptsLeft } } : { id: 'passwords.code.wrong' });
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (error.code === 'CODE_EXPIRED') {
      setExpired(true);
    } else if (error.code === 'BAD_USER_INPUT') {
      setProblem({ id: 'passwords.code.format' });
      inputRef.current?.focus();
    } else {
      setFormError(formProblem(error));
    }
  }

  if (expired) {
    return (
      <Callout ref={expiredRef} tabIndex={-1} tone="warning" role="alert" title={<FormattedMessage id="passwords.code.expiredTitle" />} action={props.expiredAction}>
        {props.expiredMessage}
      </Callout>
    );
  }

  const text = (p: FieldProblem | null) => (p ? intl.formatMessage({ id: p.id }, p.values) : undefined);
  return (
    <Form noValidate gap="sm" onSubmit={onSubmit} aria-busy={busy || undefined}>
      {formError ? (
        <FormMessage ref={alertRef} tabIndex={-1} tone="error">
          {text(formError)}
        </FormMessage>
      ) : null}
      <TextField
        ref={inputRef}
        id={props.id}
        name="code"
        label={props.label}
        hint={props.hint}
        error={text(problem)}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        inputMode="text"
        maxLength={16}
        disabled={props.disabled}
      />
      <FormActions>
        <Button type="submit" loading={busy} disabled={props.disabled}>
          {busy ? <FormattedMessage id="passwords.code.checking" /> : props.submitLabel}
        </Button>
        {props.children}
      </FormActions>
    </Form>
  );
}
