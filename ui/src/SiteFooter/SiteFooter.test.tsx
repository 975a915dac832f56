import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './SiteFooter';

describe('SiteFooter', () => {
  it('gives every link column its own navigation landmark named by its title', () => {
    render(
      <SiteFooter
        brand={<span>Studio</span>}
        columns={[
          {
            title: 'Company',
            links: [
              <a key="t" href="/team">
                Team
              </a>,
            ],
          },
          {
            title: 'Clients',
            links: [
              <a key="f" href="/faq">
                FAQ
              </a>,
              <a key="o" href="/order">
                Order
              </a>,
            ],
          },
        ]}
        legal={<p>© 2026 Studio</p>}
      />,
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('navigation', { name: 'Company' })).toBeVisible();
    const clients = within(footer).getByRole('navigation', { name: 'Clients' });
    expect(
      within(clients)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/faq', '/order']);
    expect(within(footer).getByText('© 2026 Studio')).toBeVisible();
  });

  it('leaves out the bottom line when there is neither legal text nor tools', () => {
    const { container } = render(<SiteFooter brand={<span>Studio</span>} columns={[]} />);
    expect(container.querySelectorAll('footer > div')).toHaveLength(1);
  });
});
