/**
 * /admin/analytics (ANALYTICS-REPORT, decision 0036): the site's first-party visit statistics for
 * administrators — a period picker (7, 30 or 90 days, kept in the address as `days`), the totals
 * (visitors, views), views per day as a bar chart with the same figures as a table, the top pages,
 * referrers, languages and device classes, and the referral funnel (visits through a referral link
 * → requests → won). Loading shows a skeleton; a period without visits says so (they are counted
 * in production only); a failed load offers to try again (AdminShell).
 */
import { Card, Grid, NativeSelect, Text } from '@studio/ui';
import { Suspense } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { AdminShell, AdminSkeleton } from '../AdminShell';
import { useUrlSearch } from '../useUrlSearch';
import type { AnalyticsPageQuery as AnalyticsPageQueryType } from './__generated__/AnalyticsPageQuery.graphql';
import { Breakdowns } from './Breakdowns';
import { DayChart } from './DayChart';
import styles from './Analytics.module.css';

/** The periods offered, in days; the first one after the default is what the address omits. */
export const PERIODS = [7, 30, 90] as const;
/** The period shown when the address names none. */
export const DEFAULT_PERIOD = 30;

/** The period of the address's `days` parameter, or the default. */
export function periodOf(value: string | null): number {
  const days = Number(value);
  return (PERIODS as readonly number[]).includes(days) ? days : DEFAULT_PERIOD;
}

const AnalyticsPageQuery = graphql`
  query AnalyticsPageQuery($days: Int!) {
    analytics(days: $days) {
      from
      to
      views
      visitors
      days {
        day
        views
        visitors
      }
      pages {
        key
        views
      }
      referrers {
        key
        views
      }
      languages {
        key
        views
      }
      devices {
        key
        views
      }
      funnel {
        visits
        requests
        won
      }
    }
  }
`;

/** One headline figure. */
function Total(props: { label: string; value: number; testId: string }) {
  return (
    <Card className={styles.total}>
      <Text tone="muted" size="sm" as="span">
        {props.label}
      </Text>
      <span className={styles.totalValue} data-testid={props.testId}>
        <FormattedNumber value={props.value} />
      </span>
    </Card>
  );
}

function Report(props: { days: number; fetchKey: number }) {
  const intl = useIntl();
  const { analytics } = useLazyLoadQuery<AnalyticsPageQueryType>(
    AnalyticsPageQuery,
    { days: props.days },
    { fetchPolicy: 'network-only', fetchKey: props.fetchKey },
  );
  return (
    <div className={styles.report}>
      <Grid minItemWidth={180} columns={2} gap={4}>
        <Total label={intl.formatMessage({ id: 'admin.analytics.visitors' })} value={analytics.visitors} testId="analytics-visitors" />
        <Total label={intl.formatMessage({ id: 'admin.analytics.views' })} value={analytics.views} testId="analytics-views" />
      </Grid>
      {analytics.views === 0 ? (
        <Text className={styles.empty} role="status">
          <FormattedMessage id="admin.analytics.empty" />
        </Text>
      ) : (
        <>
          <DayChart days={analytics.days} />
          <Breakdowns report={analytics} />
        </>
      )}
    </div>
  );
}

function Analytics(props: { fetchKey: number }) {
  const intl = useIntl();
  const { param, setParam } = useUrlSearch();
  const days = periodOf(param('days'));
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <NativeSelect
          className={styles.filter}
          label={intl.formatMessage({ id: 'admin.analytics.period' })}
          value={String(days)}
          onValueChange={(value) => setParam('days', Number(value) === DEFAULT_PERIOD ? null : value)}
          options={PERIODS.map((value) => ({ value: String(value), label: intl.formatMessage({ id: 'admin.analytics.lastDays' }, { days: value }) }))}
        />
      </div>
      <Suspense fallback={<AdminSkeleton rows={4} />}>
        <Report days={days} fetchKey={props.fetchKey} />
      </Suspense>
    </div>
  );
}

/** The page (route `adminAnalytics`). */
export function AnalyticsPage() {
  return <AdminShell title={<FormattedMessage id="page.adminAnalytics.title" />} lead={<FormattedMessage id="admin.analytics.lead" />} content={Analytics} />;
}
