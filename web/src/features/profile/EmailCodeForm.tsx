/**
 * The one form for an 8-character code mailed by the server (ACC-EMAIL): confirming the account's
 * address (EmailVerificationBanner, `verifyEmail`) and a new address (ChangeEmailPage,
 * `confirmEmailChange`). The code is checked in the browser first (8 characters of the code
 * alphabet; case, spaces and dashes do not matter); `CODE_INVALID` shows the attempts left at the
 * field, `CODE_EXPIRED` (expired, used up, or none pending) replaces the field with the caller's
 * explanation and way forward (send a new code / start again); a rate limit or a network failure
 * shows above the form. `autocomplete="one-time-code"` lets phones offer the code from the mail.
 * Give it a new `key` to start over after a new code was sent.
 */
import { emailCode } from '@studio/site/fields';
import { Callout, Form, FormActions, TextField } from '@studio/ui';
import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { z } from 'zod';
import { type GraphQLErrorLike, SERVER_ERRORS, firstError } from '../../forms/serverErrors';
import { SubmitButton } from '../../forms/SubmitButton';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useFocusWhen } from '../../account/useFocusWhen';

const Schema = z.object({ code: emailCode });

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
  const [expired, setExpired] = useState(false);
  const expiredRef = useFocusWhen<HTMLDivElement>(expired);
  const { formProps, field, formMessage, busy } = useSchemaForm({
    schema: Schema,
    async onValid(value) {
      const error = firstError(await props.submit(value.code));
      // On success the caller usually unmounts this form (the record changed in the store).
      if (!error) return;
      // Expired, used up, or none pending: the code is void, the caller says what to do.
      if (error.code === 'CODE_EXPIRED' || (error.code === 'CODE_INVALID' && Number(error.extensions['attemptsLeft']) === 0)) setExpired(true);
      else return SERVER_ERRORS.emailCode(error);
    },
  });

  if (expired) {
    return (
      <Callout
        ref={expiredRef}
        tabIndex={-1}
        tone="warning"
        role="alert"
        title={<FormattedMessage id="passwords.code.expiredTitle" />}
        action={props.expiredAction}
      >
        {props.expiredMessage}
      </Callout>
    );
  }

  return (
    <Form {...formProps} gap="sm">
      {formMessage}
      <TextField
        id={props.id}
        label={props.label}
        hint={props.hint}
        {...field('code')}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        inputMode="text"
        maxLength={16}
        disabled={props.disabled}
      />
      <FormActions>
        <SubmitButton busy={busy} disabled={props.disabled} label={props.submitLabel} busyLabel={<FormattedMessage id="passwords.code.checking" />} />
        {props.children}
      </FormActions>
    </Form>
  );
}
