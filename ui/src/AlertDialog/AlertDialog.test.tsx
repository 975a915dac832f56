import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Button } from '../Button';
import { AlertDialog, type AlertDialogProps } from './AlertDialog';

function Example(props: Partial<AlertDialogProps>) {
  return (
    <AlertDialog
      trigger={<Button variant="danger">Delete account</Button>}
      title="Delete account?"
      description="This cannot be undone."
      cancelLabel="Cancel"
      confirmLabel="Delete"
      onConfirm={() => {}}
      {...props}
    />
  );
}

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('AlertDialog', () => {
  it('focuses Cancel first, traps focus, and Escape closes back to the trigger', async () => {
    const onConfirm = vi.fn();
    render(<Example onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Delete account' });
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(dialog).toHaveAttribute('data-tone', 'danger');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Cancel closes without confirming', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(<Example defaultOpen onConfirm={onConfirm} onOpenChange={onOpenChange} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('stays open with a busy confirm while an async onConfirm runs, then closes', async () => {
    const work = deferred();
    const onConfirm = vi.fn(() => work.promise);
    render(<Example onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Delete account' });
    await userEvent.click(trigger);
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('alertdialog')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Neither a second click, nor Escape, nor Cancel interrupts the running action.
    await userEvent.click(confirm, { force: true });
    await userEvent.keyboard('{Escape}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    work.resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('stays open when onConfirm rejects, so the caller can show the error', async () => {
    function WithError() {
      const [error, setError] = useState<string>();
      return (
        <Example
          defaultOpen
          error={error}
          onConfirm={async () => {
            setError('Wrong password');
            throw new Error('403');
          }}
        />
      );
    }
    render(<WithError />);
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    await userEvent.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await waitFor(() => expect(confirm).not.toHaveAttribute('aria-busy'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('closes after a synchronous onConfirm, and does nothing while confirmDisabled', async () => {
    const onConfirm = vi.fn();
    const { rerender } = render(<Example defaultOpen confirmDisabled onConfirm={onConfirm} />);
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await userEvent.click(confirm, { force: true });
    expect(onConfirm).not.toHaveBeenCalled();
    rerender(<Example defaultOpen onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('uses a primary confirm and no warning icon in the default tone', async () => {
    render(<Example defaultOpen tone="default" />);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveAttribute('data-tone', 'default');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('data-variant', 'primary');
    expect(dialog.querySelector('svg')).toBeNull();
  });
});
