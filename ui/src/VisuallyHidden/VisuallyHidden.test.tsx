import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { VisuallyHidden } from './VisuallyHidden';

describe('VisuallyHidden', () => {
  it('keeps text in the accessible name while taking no space', () => {
    render(
      <button type="button">
        <span aria-hidden>♥</span>
        <VisuallyHidden>Add to favourites</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Add to favourites' })).toBeInTheDocument();
    const box = screen.getByText('Add to favourites').getBoundingClientRect();
    expect(box.width).toBeLessThanOrEqual(1);
    expect(box.height).toBeLessThanOrEqual(1);
  });

  it('renders its child element with asChild', () => {
    render(
      <VisuallyHidden asChild>
        <h2>Filters</h2>
      </VisuallyHidden>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Filters' });
    expect(heading.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  });

  it('shows a focusable skip link only while it has focus', async () => {
    render(
      <>
        <VisuallyHidden focusable asChild>
          <a href="#main" style={{ top: 8, left: 8, padding: 12 }}>
            Skip to content
          </a>
        </VisuallyHidden>
        <button type="button">Next</button>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to content' });
    const hidden = () => getComputedStyle(link).clipPath !== 'none' && link.getBoundingClientRect().width <= 2 * 12 + 1;
    expect(hidden()).toBe(true);
    expect(getComputedStyle(link).position).toBe('absolute');
    await userEvent.keyboard('{Tab}');
    expect(link).toHaveFocus();
    expect(hidden()).toBe(false);
    expect(link.getBoundingClientRect().width).toBeGreaterThan(60);
    // Its own placement and padding still apply.
    expect(link.getBoundingClientRect().top).toBe(8);
    expect(getComputedStyle(link).paddingTop).toBe('12px');
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(hidden()).toBe(true);
  });
});
