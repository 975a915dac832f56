/**
 * The one new-password field of every form that sets a password (registration, reset, set and
 * change password; ACC-PASSWORD): a PasswordField with `autocomplete="new-password"` whose hint
 * states the rules (8–128 characters, any characters, no very common passwords — OWASP ASVS 5.0
 * §6.2). Focusing it starts loading the common-password list (its own chunk, see passwordRules.ts),
 * so it is usually there by the time the form is submitted; the form waits for it on submit
 * (`waitForCommonPasswords`) before checking. `ConfirmPasswordField` is the matching "repeat it" field.
 */
import { PasswordField, type PasswordFieldProps } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PASSWORD_MAX, PASSWORD_MIN, loadCommonPasswords } from './passwordRules';

type Props = Omit<PasswordFieldProps, 'label' | 'showLabel' | 'hideLabel' | 'hint' | 'autoComplete' | 'type'> & {
  /** The label; "New password" by default. */
  label?: ReactNode;
};

/** A PasswordField whose show/hide toggle speaks the page's language. */
function LocalizedPasswordField(props: Omit<PasswordFieldProps, 'showLabel' | 'hideLabel'>) {
  const intl = useIntl();
  return <PasswordField showLabel={intl.formatMessage({ id: 'auth.showPassword' })} hideLabel={intl.formatMessage({ id: 'auth.hidePassword' })} {...props} />;
}

/** A new password with its rules as the hint. */
export function NewPasswordField({ label, onFocus, ...props }: Props) {
  return (
    <LocalizedPasswordField
      label={label ?? <FormattedMessage id="passwords.new.label" />}
      autoComplete="new-password"
      maxLength={PASSWORD_MAX * 2 /* characters are code points; an emoji takes two UTF-16 units */}
      hint={<FormattedMessage id="passwords.rules" values={{ min: PASSWORD_MIN, max: PASSWORD_MAX }} />}
      onFocus={(event) => {
        // Fetch the list while the user types; a failure is retried on submit.
        loadCommonPasswords().catch(() => undefined);
        onFocus?.(event);
      }}
      {...props}
    />
  );
}

/** The repeated new password (also `new-password`, so password managers fill both). */
export function ConfirmPasswordField(props: Omit<PasswordFieldProps, 'label' | 'showLabel' | 'hideLabel' | 'autoComplete' | 'type'>) {
  return (
    <LocalizedPasswordField label={<FormattedMessage id="passwords.confirm.label" />} autoComplete="new-password" maxLength={PASSWORD_MAX * 2} {...props} />
  );
}

/** The current password, asked before sensitive changes (`current-password`). */
export function CurrentPasswordField(props: Omit<PasswordFieldProps, 'label' | 'showLabel' | 'hideLabel' | 'autoComplete' | 'type'> & { label?: ReactNode }) {
  const { label, ...rest } = props;
  return <LocalizedPasswordField label={label ?? <FormattedMessage id="passwords.current.label" />} autoComplete="current-password" {...rest} />;
}
