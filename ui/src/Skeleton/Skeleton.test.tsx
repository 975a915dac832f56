import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('is hidden from assistive technology and takes the given size', () => {
    render(<Skeleton data-testid="s" width={120} height="2rem" radius="full" />);
    const skeleton = screen.getByTestId('s');
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton).toHaveAttribute('data-radius', 'full');
    const box = skeleton.getBoundingClientRect();
    expect([box.width, box.height]).toEqual([120, 32]);
  });

  it('draws a text block of n lines with a shorter last line', () => {
    render(
      <div style={{ width: 400 }}>
        <Skeleton data-testid="s" lines={3} />
      </div>,
    );
    const block = screen.getByTestId('s');
    expect(block).toHaveAttribute('aria-hidden', 'true');
    const lines = [...block.children].map((line) => line.getBoundingClientRect().width);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(400);
    expect(lines[2]).toBe(240);
  });

  it('does not animate when the user prefers reduced motion (the test browser does)', () => {
    expect(matchMedia('(prefers-reduced-motion: reduce)').matches).toBe(true);
    render(<Skeleton data-testid="s" />);
    expect(getComputedStyle(screen.getByTestId('s')).animationName).toBe('none');
  });
});
