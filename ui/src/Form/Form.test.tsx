import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Fieldset, Form, FormActions, FormMessage } from './Form';

describe('Form', () => {
  it('is a named form landmark that submits on Enter and passes form attributes through', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <Form aria-label="Sign in" noValidate onSubmit={onSubmit} gap="sm">
        <TextField label="Email" type="email" required />
        <FormActions>
          <Button type="submit">Sign in</Button>
        </FormActions>
      </Form>,
    );
    const form = screen.getByRole('form', { name: 'Sign in' });
    expect(form).toHaveAttribute('novalidate');
    expect(form).toHaveAttribute('data-gap', 'sm');
    await userEvent.click(screen.getByRole('textbox', { name: 'Email' }));
    await userEvent.keyboard('anna@studio.dev{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('stacks fields vertically with the gap of its size', () => {
    render(
      <Form aria-label="Stack">
        <TextField label="One" />
        <TextField label="Two" />
      </Form>,
    );
    const one = screen.getByRole('textbox', { name: 'One' }).parentElement!.getBoundingClientRect();
    const two = screen.getByRole('textbox', { name: 'Two' }).parentElement!.getBoundingClientRect();
    expect(two.top - one.bottom).toBe(24);
    expect(two.left).toBe(one.left);
  });

  it('keeps the actions in DOM order for Tab, after the fields', async () => {
    render(
      <Form aria-label="Profile">
        <TextField label="Name" />
        <FormActions align="end">
          <Button type="submit">Save</Button>
          <Button variant="ghost">Cancel</Button>
        </FormActions>
      </Form>,
    );
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});

describe('FormMessage', () => {
  it('is an alert for errors and a status for success', () => {
    const { rerender } = render(<FormMessage>Wrong email or password.</FormMessage>);
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(screen.getByRole('alert')).toHaveAttribute('data-tone', 'error');
    rerender(<FormMessage tone="success">Saved.</FormMessage>);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });

  it('can take focus through a ref after a failed submit', () => {
    const ref = { current: null as HTMLDivElement | null };
    render(
      <FormMessage ref={ref} tabIndex={-1}>
        Failed.
      </FormMessage>,
    );
    ref.current!.focus();
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});

describe('Fieldset', () => {
  it('is a group named by its legend and described by its hint', () => {
    render(
      <Fieldset legend="Contact details" hint="We reply within a day.">
        <TextField label="Name" />
      </Fieldset>,
    );
    const group = screen.getByRole('group', { name: 'Contact details' });
    expect(group).toHaveAccessibleDescription('We reply within a day.');
  });

  it('disables every control inside when disabled, so Tab skips them', async () => {
    render(
      <>
        <Fieldset legend="Billing" disabled>
          <TextField label="Company" />
          <Button>Edit</Button>
        </Fieldset>
        <Button>After</Button>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Company' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });
});
