import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { BrandMark, SiteHeader } from './SiteHeader';

describe('SiteHeader', () => {
  it('renders a banner with a labelled navigation landmark holding the links in order', () => {
    render(
      <SiteHeader
        brand={<a href="/">Home</a>}
        navigationLabel="Main"
        navigation={[<a key="p" href="/products">Products</a>, <a key="n" href="/news">News</a>]}
        actions={<button type="button">Sign in</button>}
      />,
    );
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Products', 'News']);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  it('offers the skip link first in tab order and reveals it on focus', async () => {
    render(<SiteHeader brand={<a href="/">Home</a>} navigationLabel="Main" skipLink={{ href: '#main', label: 'Skip to content' }} />);
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    const hiddenTop = skip.getBoundingClientRect().bottom;
    expect(hiddenTop).toBeLessThanOrEqual(0);
    await userEvent.keyboard('{Tab}');
    expect(skip).toHaveFocus();
    expect(skip.getBoundingClientRect().bottom).toBeGreaterThan(0);
    expect(skip).toHaveAttribute('href', '#main');
  });

  it('omits the navigation landmark when there are no links', () => {
    render(<SiteHeader brand={<span>Studio</span>} navigationLabel="Main" />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('BrandMark', () => {
  it('shows the name and hides the decorative initial from assistive technology', () => {
    render(<BrandMark name="студия" />);
    const mark = screen.getByText('С');
    expect(mark).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('студия')).toBeVisible();
  });
});
