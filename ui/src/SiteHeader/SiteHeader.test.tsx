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
        navigation={[
          <a key="p" href="/products">
            Products
          </a>,
          <a key="n" href="/news">
            News
          </a>,
        ]}
        actions={<button type="button">Sign in</button>}
      />,
    );
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Products', 'News']);
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

  it('on a narrow header opens the navigation from a 44 px menu button; Escape closes it and focuses the button', async () => {
    render(
      <div style={{ width: 320 }}>
        <SiteHeader
          brand={<a href="/">Home</a>}
          navigationLabel="Main"
          navigation={[
            <a key="p" href="#products">
              Products
            </a>,
            <a key="n" href="#news">
              News
            </a>,
          ]}
          menuLabel="Menu"
          menuExtras={
            <a href="#es" hrefLang="es">
              Español
            </a>
          }
        />
      </div>,
    );
    const button = document.querySelector<HTMLElement>('summary[aria-label="Menu"]')!;
    expect(button).toBeVisible();
    expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('Products')).not.toBeVisible();
    await userEvent.click(button);
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).getByRole('link', { name: 'Products' })).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Español' })).toBeVisible();
    within(panel).getByRole('link', { name: 'News' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(within(panel).getByText('Products')).not.toBeVisible();
  });

  it('keeps the navigation in the bar and shows no menu button on a wide header', () => {
    render(
      <SiteHeader
        brand={<a href="/">Home</a>}
        navigationLabel="Main"
        navigation={[
          <a key="p" href="#products">
            Products
          </a>,
        ]}
        menuLabel="Menu"
        menuExtras={<span>Languages</span>}
      />,
    );
    expect(screen.getByRole('link', { name: 'Products' })).toBeVisible();
    expect(document.querySelector('summary')).not.toBeVisible();
    expect(screen.getByText('Languages')).not.toBeVisible();
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
