/**
 * The state every account form keeps (sign-in and registration, reset, set/change password,
 * change e-mail): the value of each field, each field's problem, one form-level error, and the
 * form element (for `focusFirstInvalid`).
 * - `field(name)` spreads onto a TextField/PasswordField: name, value, the problem in the user's
 *   language, and a change handler.
 * - `formMessage` is the form-level error as an alert (`FormMessage`), or null; it takes focus
 *   when it appears, so a screen reader reads it at once.
 */
import { FormMessage } from '@studio/ui';
import { type ChangeEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { FieldProblem } from './validation';

export function useFormFields<F extends string>(initial: Record<F, string>) {
  const intl = useIntl();
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [problems, setProblems] = useState<Partial<Record<F, FieldProblem>>>({});
  const [formError, setFormError] = useState<FieldProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (formError) alertRef.current?.focus();
  }, [formError]);

  const field = (name: F) => {
    const problem = problems[name];
    return {
      name,
      value: values[name],
      error: problem ? intl.formatMessage({ id: problem.id }, problem.values) : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
    };
  };

  const formMessage: ReactElement | null = formError ? (
    <FormMessage ref={alertRef} tabIndex={-1} tone="error">
      {intl.formatMessage({ id: formError.id }, formError.values)}
    </FormMessage>
  ) : null;

  return { values, setValues, problems, setProblems, formError, setFormError, formRef, field, formMessage };
}
