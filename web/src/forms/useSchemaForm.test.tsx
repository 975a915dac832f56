// The form toolkit in a browser-like DOM: the shared schemas' messages in the user's language, the
// focus rules, server problems at a field or above the form, re-checks and a prepared submit.
import { email, fullName } from '@studio/site/fields';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ServerProblem } from './serverErrors';
import { type SchemaFormOptions, useSchemaForm } from './useSchemaForm';

const MESSAGES = {
  'validation.required': 'Please fill in this field.',
  'validation.email': 'Enter an e-mail address like name@example.com.',
  'error.UNKNOWN': 'Something went wrong.',
  'passwords.changeEmail.taken': 'Taken.',
};

const Schema = z.object({ name: fullName, email });
type Options = Partial<SchemaFormOptions<typeof Schema>>;

function TestForm(props: Options) {
  const { formProps, field, formMessage, busy } = useSchemaForm({ schema: Schema, onValid: () => null, ...props });
  return (
    <form {...formProps}>
      {formMessage}
      {(['name', 'email'] as const).map((name) => {
        const { error, ...input } = field(name);
        return (
          <label key={name}>
            {name}
            <input {...input} aria-invalid={error ? true : undefined} />
            {error ? <span>{error}</span> : null}
          </label>
        );
      })}
      <button type="submit">{busy ? 'Sending' : 'Send'}</button>
    </form>
  );
}

const show = (props: Options = {}) =>
  render(
    <IntlProvider locale="en" messages={MESSAGES}>
      <TestForm {...props} />
    </IntlProvider>,
  );
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const type = (name: string, value: string) => fireEvent.input(input(name), { target: { value } });
const send = () => act(async () => fireEvent.click(screen.getByRole('button')));

afterEach(cleanup);

describe('useSchemaForm', () => {
  it('shows every problem in the user’s language and focuses the first invalid field', async () => {
    const onValid = vi.fn();
    show({ onValid });
    type('name', 'Ada');
    await send();
    expect(screen.getByText('Please fill in this field.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input('email')));
    type('email', 'ada@');
    await send();
    expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('sends the schema’s output and shows what the server refused, at the field or above the form', async () => {
    const answers: (ServerProblem<'name' | 'email'> | null)[] = [
      { field: 'email', problem: { id: 'passwords.changeEmail.taken' } },
      { field: null, problem: { id: 'error.UNKNOWN' } },
    ];
    const onValid = vi.fn(async () => answers.shift() ?? null);
    show({ onValid });
    type('name', '  Ada ');
    type('email', ' Ada@Example.com');
    await send();
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' }, { name: '  Ada ', email: ' Ada@Example.com' });
    await waitFor(() => expect(document.activeElement).toBe(input('email')));
    expect(screen.getByText('Taken.')).toBeTruthy();
    await send();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong.');
    expect(screen.queryByText('Taken.')).toBeNull();
  });

  it('keeps messages until the next submit, or re-checks a field in error as it changes', async () => {
    show();
    await send();
    type('name', 'Ada');
    expect(screen.getAllByText('Please fill in this field.')).toHaveLength(2);
    cleanup();

    show({ recheck: 'inError' });
    await send();
    type('name', 'Ada');
    await waitFor(() => expect(screen.getAllByText('Please fill in this field.')).toHaveLength(1));
    expect(input('name').getAttribute('aria-invalid')).toBeNull();
  });

  it('waits for what `prepare` loads before checking, busy meanwhile', async () => {
    let release = () => {};
    const prepare = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const onValid = vi.fn();
    show({ prepare, onValid });
    type('name', 'Ada');
    type('email', 'ada@example.com');
    await send();
    expect(screen.getByRole('button').textContent).toBe('Sending');
    expect(onValid).not.toHaveBeenCalled();
    await act(async () => release());
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(prepare).toHaveBeenCalledTimes(1);
  });
});
