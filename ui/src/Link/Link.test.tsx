import { render, screen } from '@testing-library/react';
import type { AnchorHTMLAttributes } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Link } from './Link';

function RouterLink({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a {...props} href={to} />;
}

describe('Link', () => {
  it('is a plain same-tab link by default', () => {
    render(<Link href="/about">About</Link>);
    const link = screen.getByRole('link', { name: 'About' });
    expect(link).toHaveAttribute('href', '/about');
    expect(link).toHaveAttribute('data-variant', 'inline');
    expect(link).not.toHaveAttribute('target');
    expect(link).not.toHaveAttribute('rel');
  });

  it('opens external links in a new tab safely and says so to screen readers only', () => {
    const { container } = render(
      <Link href="https://github.com/" external externalLabel="(opens in a new tab)">
        GitHub
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'GitHub (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // The suffix is in the DOM but takes no visible space.
    const suffix = screen.getByText('(opens in a new tab)');
    const box = suffix.getBoundingClientRect();
    expect(box.width).toBeLessThanOrEqual(1);
    expect(box.height).toBeLessThanOrEqual(1);
    // The arrow is decorative.
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps rel values the caller adds to an external link', () => {
    render(
      <Link href="https://example.com/" external externalLabel="(new tab)" rel="sponsored">
        Partner
      </Link>,
    );
    expect(screen.getByRole('link', { name: 'Partner (new tab)' })).toHaveAttribute('rel', 'noopener noreferrer sponsored');
  });

  it('gives a router link the look and the external suffix through asChild', () => {
    render(
      <Link asChild variant="nav" external externalLabel="(opens in a new tab)">
        <RouterLink to="/blog">Blog</RouterLink>
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Blog (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/blog');
    expect(link).toHaveAttribute('data-variant', 'nav');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('marks the current page in navigation with a visible accent rule', () => {
    render(
      <nav>
        <Link variant="nav" href="/work" aria-current="page">
          Work
        </Link>
        <Link variant="nav" href="/services">
          Services
        </Link>
      </nav>,
    );
    const rule = (name: string) => getComputedStyle(screen.getByRole('link', { name }), '::after').backgroundColor;
    expect(rule('Work')).not.toBe('rgba(0, 0, 0, 0)');
    expect(rule('Services')).toBe('rgba(0, 0, 0, 0)');
  });

  it('is reachable with Tab and follows with Enter', async () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Link href="/contact" onClick={onClick}>
        Contact
      </Link>,
    );
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
