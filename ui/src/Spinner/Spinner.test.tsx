import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('is a status region named by its label', () => {
    render(<Spinner label="Loading projects…" />);
    const status = screen.getByRole('status', { name: 'Loading projects…' });
    expect(status).not.toHaveAttribute('aria-hidden');
  });

  it('is hidden from assistive technology without a label', () => {
    render(<Spinner data-testid="spinner" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('spinner')).toHaveAttribute('aria-hidden', 'true');
  });

  it('renders the chosen diameter', () => {
    render(
      <>
        <Spinner size="sm" data-testid="sm" />
        <Spinner size="lg" data-testid="lg" />
      </>,
    );
    expect(screen.getByTestId('sm').getBoundingClientRect().width).toBe(16);
    expect(screen.getByTestId('lg').getBoundingClientRect().width).toBe(40);
  });
});
