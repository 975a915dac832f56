import { CheckIcon } from '@radix-ui/react-icons';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './Badge';

describe('Badge', () => {
  it('defaults to the neutral tone and shows its label in mono uppercase', () => {
    render(<Badge>New</Badge>);
    const badge = screen.getByText('New');
    expect(badge).toHaveAttribute('data-tone', 'neutral');
    const style = getComputedStyle(badge);
    expect(style.textTransform).toBe('uppercase');
    expect(style.fontFamily).toContain('JetBrains Mono');
  });

  it('gives each tone its own colours', () => {
    render(
      <>
        <Badge tone="success">ok</Badge>
        <Badge tone="danger">bad</Badge>
      </>,
    );
    expect(getComputedStyle(screen.getByText('ok')).color).not.toBe(getComputedStyle(screen.getByText('bad')).color);
  });

  it('hides its icon from assistive technology', () => {
    render(<Badge icon={<CheckIcon />}>Shipped</Badge>);
    const badge = screen.getByText('Shipped');
    expect(badge).toHaveTextContent(/^Shipped$/);
    expect(badge.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
