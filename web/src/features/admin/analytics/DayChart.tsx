/**
 * Views and visitors per day of the analytics report (ANALYTICS-REPORT): a CSS bar chart of the
 * views (hidden from assistive technology, each bar titled with its day and figures) and the same
 * figures as a table, folded under "Show as a table" (open for keyboard and screen-reader users
 * alike: it is a native `<details>`).
 */
import { Heading } from '@studio/ui';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import styles from './Analytics.module.css';

/** One day of the report. */
export interface ChartDay {
  readonly day: string;
  readonly views: number;
  readonly visitors: number;
}

/** A UTC day `YYYY-MM-DD` as a Date at UTC midnight (formatted with `timeZone: 'UTC'`). */
function dateOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The chart and its table. */
export function DayChart(props: { days: readonly ChartDay[] }) {
  const intl = useIntl();
  const max = Math.max(1, ...props.days.map((d) => d.views));
  return (
    <section className={styles.section} aria-labelledby="analytics-days">
      <Heading level={2} size="lg" id="analytics-days">
        <FormattedMessage id="admin.analytics.byDay" />
      </Heading>
      <div className={styles.chart} aria-hidden="true" data-testid="analytics-chart">
        {props.days.map((d) => (
          <div
            key={d.day}
            className={styles.bar}
            style={{ blockSize: `${Math.round((d.views / max) * 100)}%` }}
            title={intl.formatMessage(
              { id: 'admin.analytics.barTitle' },
              { day: intl.formatDate(dateOf(d.day), { dateStyle: 'medium', timeZone: 'UTC' }), views: d.views, visitors: d.visitors },
            )}
          />
        ))}
      </div>
      <details className={styles.details}>
        <summary>
          <FormattedMessage id="admin.analytics.showTable" />
        </summary>
        <table className={styles.table}>
          <caption className={styles.caption}>
            <FormattedMessage id="admin.analytics.byDay" />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="admin.analytics.day" />
              </th>
              <th scope="col" className={styles.number}>
                <FormattedMessage id="admin.analytics.views" />
              </th>
              <th scope="col" className={styles.number}>
                <FormattedMessage id="admin.analytics.visitors" />
              </th>
            </tr>
          </thead>
          <tbody>
            {props.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <FormattedDate value={dateOf(d.day)} dateStyle="medium" timeZone="UTC" />
                </th>
                <td className={styles.number}>
                  <FormattedNumber value={d.views} />
                </td>
                <td className={styles.number}>
                  <FormattedNumber value={d.visitors} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
