import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Callout } from './Callout';

describe('Callout', () => {
  it('is a polite status region for info, success and warning', () => {
    render(
      <>
        <Callout tone="info" title="Info" />
        <Callout tone="success" title="Saved" />
        <Callout tone="warning" title="Careful" />
      </>,
    );
    expect(screen.getAllByRole('status').map((el) => el.getAttribute('data-tone'))).toEqual(['info', 'success', 'warning']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is an alert for danger', () => {
    render(
      <Callout tone="danger" title="Payment failed">
        Card declined.
      </Callout>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Payment failed');
    expect(alert).toHaveTextContent('Card declined.');
  });

  it('lets the caller override the role, or drop it with null', () => {
    render(
      <>
        <Callout tone="danger" role="note" title="Static danger note" />
        <Callout tone="info" role={null} title="Static info" data-testid="plain" />
      </>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Static danger note');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('plain')).not.toHaveAttribute('role');
  });

  it('shows a decorative icon per tone, replaceable or removable', () => {
    const { container, rerender } = render(<Callout tone="success" title="Saved" />);
    const icon = container.querySelector('svg');
    expect(icon).not.toBeNull();
    expect(icon?.closest('[aria-hidden="true"]')).not.toBeNull();
    rerender(<Callout tone="success" title="Saved" icon={null} />);
    expect(container.querySelector('svg')).toBeNull();
  });

  it('renders the action inside the region', () => {
    render(<Callout tone="danger" title="Payment failed" action={<button type="button">Try again</button>} />);
    expect(screen.getByRole('alert')).toContainElement(screen.getByRole('button', { name: 'Try again' }));
  });
});
