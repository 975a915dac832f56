import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Checkbox, type CheckboxCheckedState } from './Checkbox';

describe('Checkbox', () => {
  it('is a labelled checkbox that Space toggles (and Enter does not)', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Newsletter" onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Newsletter' });
    expect(box).not.toBeChecked();
    await userEvent.keyboard('{Tab}');
    expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(box).toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(box).toBeChecked();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
    expect(onCheckedChange.mock.calls).toEqual([[true], [false]]);
  });

  it('toggles when its label text is clicked, but a link inside the label only follows the link', async () => {
    const onLink = vi.fn((event: MouseEvent) => event.preventDefault());
    render(
      <Checkbox
        label={
          <>
            I accept the{' '}
            <a href="#privacy" onClick={(e) => onLink(e.nativeEvent)}>
              privacy policy
            </a>
          </>
        }
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'I accept the privacy policy' });
    await userEvent.click(screen.getByText('I accept the'));
    expect(box).toBeChecked();
    await userEvent.click(screen.getByRole('link', { name: 'privacy policy' }));
    expect(onLink).toHaveBeenCalledTimes(1);
    expect(box).toBeChecked();
  });

  it('Tab goes from the box to a link in its label, then on', async () => {
    render(
      <>
        <Checkbox
          label={
            <>
              I accept the <a href="#privacy">privacy policy</a>
            </>
          }
        />
        <button type="button">Send</button>
      </>,
    );
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('checkbox')).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
  });

  it('wires the error and hint: aria-invalid and aria-describedby point at the visible messages', () => {
    render(<Checkbox label="Terms" hint="Read them first." error="Accept the terms to continue." />);
    const box = screen.getByRole('checkbox', { name: 'Terms' });
    const error = screen.getByText('Accept the terms to continue.').closest('p')!;
    const hint = screen.getByText('Read them first.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box.getAttribute('aria-describedby')!.split(' ')).toEqual([error.id, hint.id]);
    expect(error).toBeVisible();
    expect(hint).toBeVisible();
  });

  it('has no aria-invalid or description without messages', () => {
    render(<Checkbox label="Terms" />);
    const box = screen.getByRole('checkbox', { name: 'Terms' });
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(box).not.toHaveAttribute('aria-describedby');
  });

  it('announces indeterminate as mixed and can be controlled', async () => {
    function Parent() {
      const [checked, setChecked] = useState<CheckboxCheckedState>('indeterminate');
      return <Checkbox label="All" checked={checked} onCheckedChange={setChecked} />;
    }
    render(<Parent />);
    const box = screen.getByRole('checkbox', { name: 'All' });
    expect(box).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(box);
    expect(box).toHaveAttribute('aria-checked', 'true');
  });

  it('submits name=value with its form and blocks submit when required and unchecked', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => {
      event.preventDefault();
      return Object.fromEntries(new FormData(event.target as HTMLFormElement));
    });
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Checkbox label="Terms" name="terms" value="yes" required />
        <button type="submit">Send</button>
      </form>,
    );
    const box = screen.getByRole('checkbox', { name: 'Terms' });
    expect(box).toHaveAttribute('aria-required', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.results[0]!.value).toEqual({ terms: 'yes' });
  });

  it('cannot be toggled or focused when disabled', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Terms" disabled onCheckedChange={onCheckedChange} />);
    const box = screen.getByRole('checkbox', { name: 'Terms' });
    await userEvent.click(screen.getByText('Terms'), { force: true });
    await userEvent.keyboard('{Tab}');
    expect(box).not.toHaveFocus();
    expect(box).not.toBeChecked();
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
