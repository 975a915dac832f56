import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Button } from '../Button';
import { Toast, Toaster, ToastProvider, ToastViewport, type ToastOptions, useToast } from './Toast';

function Trigger({ options, label = 'Save' }: { options: ToastOptions; label?: string }) {
  const { toast } = useToast();
  return <Button onClick={() => toast(options)}>{label}</Button>;
}

function App({ options, duration = Infinity }: { options: ToastOptions; duration?: number }) {
  return (
    <ToastProvider label="Notification" duration={duration}>
      <Trigger options={options} />
      <Toaster label="Notifications ({hotkey})" closeLabel="Close" />
    </ToastProvider>
  );
}

const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('Toast', () => {
  it('toast() shows a status with the texts and tone, and its close button removes it', async () => {
    render(<App options={{ title: 'Changes saved', description: 'Profile updated.', tone: 'success' }} />);
    expect(within(region()).queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const status = await within(region()).findByRole('status');
    expect(status).toHaveTextContent('Changes saved');
    expect(status).toHaveTextContent('Profile updated.');
    expect(status.closest('li')).toHaveAttribute('data-tone', 'success');
    await userEvent.click(within(status).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(region()).queryByRole('status')).not.toBeInTheDocument());
  });

  it('announces the toast through a live region prefixed with the provider label', async () => {
    render(<App options={{ title: 'Link copied' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const live = document.querySelector('[aria-live="assertive"]');
      expect(live).toHaveTextContent('Notification');
      expect(live).toHaveTextContent('Link copied');
    });
  });

  it('stacks several toasts and closes each on its own', async () => {
    render(<App options={{ title: 'Saved' }} />);
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await userEvent.click(save);
    await waitFor(() => expect(within(region()).getAllByRole('status')).toHaveLength(2));
    const [firstClose] = within(region()).getAllByRole('button', { name: 'Close' });
    await userEvent.click(firstClose!);
    await waitFor(() => expect(within(region()).getAllByRole('status')).toHaveLength(1));
  });

  it('runs the action and closes the toast', async () => {
    const onClick = vi.fn();
    render(<App options={{ title: 'Project archived', action: { label: 'Undo', altText: 'Restore it from the archive', onClick } }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await within(region()).findByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(region()).queryByRole('status')).not.toBeInTheDocument());
  });

  it('closes by itself after its duration', async () => {
    render(<App options={{ title: 'Saved', duration: 300 }} />);
    // A synchronous click and look: on a busy machine an awaited click can outlast the 300 ms.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(region()).getByRole('status')).toHaveTextContent('Saved');
    await waitFor(() => expect(within(region()).queryByRole('status')).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('F8 moves focus to the toasts and Escape on a focused toast closes it', async () => {
    const onOpenChange = vi.fn();
    render(
      <ToastProvider label="Notification" duration={Infinity}>
        <Toast title="New message" closeLabel="Close" onOpenChange={onOpenChange} />
        <ToastViewport label="Notifications ({hotkey})" />
      </ToastProvider>,
    );
    const status = await within(region()).findByRole('status');
    await userEvent.keyboard('{F8}');
    await userEvent.keyboard('{Tab}');
    expect(status.closest('li')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(region()).queryByRole('status')).not.toBeInTheDocument());
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('useToast() outside a ToastProvider throws a clear error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger options={{ title: 'x' }} />)).toThrow(/ToastProvider/);
    vi.restoreAllMocks();
  });
});
