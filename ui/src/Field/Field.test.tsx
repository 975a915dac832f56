import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, useFieldIds } from './Field';

describe('useFieldIds', () => {
  it('derives ids from the control id and lists error, hint, then extra ids', () => {
    const { result } = renderHook(() => useFieldIds('email', { error: 'bad', hint: 'help', extra: ['count', undefined, false] }));
    expect(result.current).toMatchObject({
      controlId: 'email',
      errorId: 'email-error',
      hintId: 'email-hint',
      labelId: 'email-label',
      describedBy: 'email-error email-hint count',
      invalid: true,
    });
  });

  it('describes nothing and is valid without messages', () => {
    const { result } = renderHook(() => useFieldIds(undefined, {}));
    expect(result.current.controlId).toBeTruthy();
    expect(result.current.describedBy).toBeUndefined();
    expect(result.current.invalid).toBeUndefined();
  });
});

describe('Field', () => {
  it('wires a custom control to its label, error and hint', () => {
    render(
      <Field label="Start date" hint="Two weeks ahead." error="Too early." required>
        {(ids) => <input id={ids.controlId} aria-describedby={ids.describedBy} aria-invalid={ids.invalid} />}
      </Field>,
    );
    const input = screen.getByLabelText(/Start date/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Too early. Two weeks ahead.');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });
});
