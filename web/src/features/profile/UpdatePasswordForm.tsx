/**
 * The form behind /profile/set-password and /profile/change-password (issue 6): the current
 * password when the account has one, a new password under the shared rules (NewPasswordField,
 * checked with the common-password list on submit) and its repetition, sent with `updatePassword`
 * (SPEC.md §5: `oldPassword` only when given). `WRONG_PASSWORD` is shown at the current-password
 * field; the server signs the other devices out and this one stays signed in. The store then holds
 * `passwordIsSet: true`; the page shows its confirmation (PasswordDone) through `onDone`.
 */
import { Button, Callout, Form } from '@studio/ui';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { Link } from 'react-router';
import type { UpdatePasswordFormMutation } from './__generated__/UpdatePasswordFormMutation.graphql';
import { useLocalizePath } from '../../i18n/useLocale';
import { firstError, focusFirstInvalid, formProblem, runMutation } from '../auth/forms';
import { useFormFields } from '../auth/useFormFields';
import { ConfirmPasswordField, CurrentPasswordField, NewPasswordField } from '../auth/NewPasswordField';
import { checkConfirmation, checkNewPassword } from '../auth/passwordRules';
import { type FieldProblem, checkCurrentPassword } from '../auth/validation';
import { AccountFormActions } from './AccountShell';
import styles from './AccountShell.module.css';

const Mutation = graphql`
  mutation UpdatePasswordFormMutation($newPassword: String!, $oldPassword: String) {
    updatePassword(newPassword: $newPassword, oldPassword: $oldPassword) {
      user {
        id
        passwordIsSet
      }
    }
  }
`;

type Field = 'oldPassword' | 'newPassword' | 'confirmation';
const FIELDS: readonly Field[] = ['oldPassword', 'newPassword', 'confirmation'];

export function UpdatePasswordForm(props: {
  /** Whether the account has a password already (then the current one is asked for). */
  requireCurrent: boolean;
  submitLabel: ReactNode;
  onDone: () => void;
}) {
  const [commit, inFlight] = useMutation<UpdatePasswordFormMutation>(Mutation);
  const [checking, setChecking] = useState(false);
  const { values, setProblems, setFormError, formRef, field, formMessage } = useFormFields<Field>({ oldPassword: '', newPassword: '', confirmation: '' });
  const saving = checking || inFlight;


  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setFormError(null);
    setChecking(true);
    const found: Partial<Record<Field, FieldProblem>> = {};
    if (props.requireCurrent) {
      const current = checkCurrentPassword(values.oldPassword);
      if (current) found.oldPassword = current;
    }
    const next = await checkNewPassword(values.newPassword);
    setChecking(false);
    if (next) found.newPassword = next;
    const confirmation = checkConfirmation(values.newPassword, values.confirmation);
    if (confirmation) found.confirmation = confirmation;
    setProblems(found);
    if (focusFirstInvalid(formRef.current, FIELDS, found)) return;

    const { response, errors } = await runMutation(commit, {
      variables: { newPassword: values.newPassword, oldPassword: props.requireCurrent ? values.oldPassword : null },
    });
    const error = firstError(errors);
    if (!error && response) {
      props.onDone();
      return;
    }
    const fieldProblems: Partial<Record<Field, FieldProblem>> = {};
    if (error?.code === 'WRONG_PASSWORD' || (error?.code === 'BAD_USER_INPUT' && error.field === 'oldPassword')) {
      fieldProblems.oldPassword = { id: 'passwords.error.wrongPassword' };
    } else if (error?.code === 'BAD_USER_INPUT' && error.field === 'newPassword') {
      // The browser's check passed, so the server's rules refused it: say so at the field.
      fieldProblems.newPassword = { id: 'passwords.error.rejected' };
    }
    if (focusFirstInvalid(formRef.current, FIELDS, fieldProblems)) setProblems(fieldProblems);
    else setFormError(error ? formProblem(error) : { id: 'error.UNKNOWN' });
  }

  return (
    <Form ref={formRef} noValidate onSubmit={onSubmit} aria-busy={saving || undefined}>
      {formMessage}
      {props.requireCurrent ? <CurrentPasswordField {...field('oldPassword')} /> : null}
      <NewPasswordField {...field('newPassword')} />
      <ConfirmPasswordField {...field('confirmation')} />
      <AccountFormActions saving={saving}>
        {saving ? <FormattedMessage id="passwords.saving" /> : props.submitLabel}
      </AccountFormActions>
    </Form>
  );
}

/**
 * The confirmation after a password was set or changed: a success notice, focused so it is read at
 * once (the form that had focus is gone), and the way back to the profile.
 */
export function PasswordDone(props: { title: ReactNode; children: ReactNode }) {
  const to = useLocalizePath();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className={styles.stack}>
      <Callout ref={ref} tabIndex={-1} tone="success" title={props.title}>
        {props.children}
      </Callout>
      <div>
        <Button asChild>
          <Link to={to('/profile')}>
            <FormattedMessage id="passwords.backToProfile" />
          </Link>
        </Button>
      </div>
    </div>
  );
}
