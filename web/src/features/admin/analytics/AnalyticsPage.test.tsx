/**
 * /admin/analytics (ANALYTICS-REPORT): the totals, the per-day chart with its table, the
 * breakdowns (languages and devices by name) and the funnel with shares; the period in the address
 * (`days`, 30 by default) and its picker refetch; an empty period says so; a failed load offers to
 * try again.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestEnvironment, queueResolvers, rejectOperation, renderWithRelay } from '../../../test/renderWithRelay';
import { AnalyticsPage, periodOf } from './AnalyticsPage';

const REPORT = {
  from: '2026-11-19',
  to: '2026-11-25',
  views: 12,
  visitors: 5,
  days: [
    { day: '2026-11-24', views: 4, visitors: 2 },
    { day: '2026-11-25', views: 8, visitors: 3 },
  ],
  pages: [
    { key: '/order', views: 7 },
    { key: '/', views: 5 },
  ],
  referrers: [{ key: 'example.org', views: 3 }],
  languages: [
    { key: 'ru', views: 9 },
    { key: 'en', views: 3 },
  ],
  devices: [{ key: 'mobile', views: 12 }],
  funnel: { visits: 4, requests: 2, won: 1 },
};

function render(report: typeof REPORT, route?: string) {
  const environment = createTestEnvironment();
  const variables: Record<string, unknown>[] = [];
  queueResolvers(environment, (operation) => {
    variables.push({ ...operation.request.variables });
    return { AnalyticsReport: () => report };
  });
  return {
    ...renderWithRelay(<AnalyticsPage />, {
      environment,
      page: 'adminAnalytics',
      signedIn: true,
      viewerRole: 'ADMIN',
      locale: 'en',
      ...(route ? { route } : {}),
    }),
    variables,
    environment,
  };
}

describe('AnalyticsPage', () => {
  it('shows totals, days, breakdowns and the funnel', async () => {
    const { variables } = render(REPORT);
    expect((await screen.findByTestId('analytics-visitors')).textContent).toBe('5');
    expect(screen.getByTestId('analytics-views').textContent).toBe('12');
    expect(variables).toEqual([{ days: 30 }]);
    expect(screen.getByTestId('analytics-chart').children).toHaveLength(2);
    const dayTable = screen.getByRole('table', { name: 'Views per day' });
    expect(within(dayTable).getAllByRole('row')).toHaveLength(3);
    expect(within(screen.getByTestId('analytics-pages')).getByRole('rowheader', { name: '/order' })).toBeTruthy();
    expect(within(screen.getByTestId('analytics-languages')).getByRole('rowheader', { name: 'Russian' })).toBeTruthy();
    expect(within(screen.getByTestId('analytics-devices')).getByRole('rowheader', { name: 'Phone' })).toBeTruthy();
    const funnel = screen.getByTestId('analytics-funnel');
    expect(funnel.textContent).toContain('4visits through a referral link');
    expect(funnel.textContent).toContain('50% of the step before');
  });

  it('asks for the period in the address and refetches when it changes', async () => {
    const { variables, user, environment } = render(REPORT, '/admin/analytics?days=7');
    await screen.findByTestId('analytics-visitors');
    const picker = screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement;
    expect(picker.value).toBe('7');
    await user.selectOptions(picker, '90');
    expect(variables).toEqual([{ days: 7 }]);
    await waitFor(() => expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ days: 90 }));
    expect(periodOf('5')).toBe(30);
  });

  it('says when a period has no visits', async () => {
    render({ ...REPORT, views: 0, visitors: 0, days: [], pages: [], referrers: [], languages: [], devices: [], funnel: { visits: 0, requests: 0, won: 0 } });
    expect((await screen.findByRole('status')).textContent).toMatch(/No visits counted in this period yet/);
    expect(screen.queryByTestId('analytics-chart')).toBeNull();
  });

  it('offers to try again after a failed load', async () => {
    const environment = createTestEnvironment();
    renderWithRelay(<AnalyticsPage />, { environment, page: 'adminAnalytics', signedIn: true, viewerRole: 'ADMIN', locale: 'en' });
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
    await rejectOperation(environment);
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });
});
