import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Button } from '../Button';
import { Dialog, DialogActions, DialogClose } from './Dialog';

function Example(props: Partial<Parameters<typeof Dialog>[0]>) {
  return (
    <Dialog
      trigger={<Button>Edit profile</Button>}
      title="Edit profile"
      description="Your name appears on invoices."
      closeLabel="Close"
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button>Save</Button>
        </>
      }
      {...props}
    >
      <label>
        Full name <input defaultValue="Anna" />
      </label>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens from the keyboard and moves focus to the first field inside', async () => {
    render(<Example />);
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    expect(dialog).toHaveAccessibleDescription('Your name appears on invoices.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveFocus());
  });

  it('traps focus: Tab and Shift+Tab cycle through the dialog only', async () => {
    render(<Example defaultOpen />);
    const field = await screen.findByRole('textbox', { name: 'Full name' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(field).toHaveFocus();
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const onOpenChange = vi.fn();
    render(<Example onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('button', { name: 'Edit profile' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('closes with the × button (named by closeLabel) and with a DialogClose footer button', async () => {
    render(<Example />);
    const trigger = screen.getByRole('button', { name: 'Edit profile' });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('DialogActions: a form in the body submits with its own button, and Cancel closes without submitting', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Dialog trigger={<Button>Rename</Button>} title="Rename" closeLabel="Close">
        <form onSubmit={onSubmit}>
          <DialogActions cancelLabel="Cancel">
            <Button type="submit">Save</Button>
          </DialogActions>
        </form>
      </Dialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('closes on a click on the overlay', async () => {
    render(<Example defaultOpen />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(dialog.parentElement!, { position: { x: 5, y: 5 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('works controlled, sets data-size and has no aria-describedby without a description', async () => {
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open</Button>
          <Dialog open={open} onOpenChange={setOpen} title="Office hours" closeLabel="Close" size="lg">
            <p>Mon–Fri</p>
          </Dialog>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Office hours' });
    expect(dialog).toHaveAttribute('data-size', 'lg');
    expect(dialog).not.toHaveAttribute('aria-describedby');
    // Only the × button is focusable, so it receives focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
