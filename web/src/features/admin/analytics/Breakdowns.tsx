/**
 * The breakdowns of the analytics report (ANALYTICS-REPORT): top pages, referrers, languages and
 * device classes as tables of views (an empty one says so), and the referral funnel — visits
 * through a referral link, requests, won — with each step's share of the one before.
 */
import { Grid, Heading, Text } from '@studio/ui';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import styles from './Analytics.module.css';

/** One row of a breakdown. */
interface Count {
  readonly key: string;
  readonly views: number;
}

/** What the breakdowns read of the report. */
export interface BreakdownReport {
  readonly pages: readonly Count[];
  readonly referrers: readonly Count[];
  readonly languages: readonly Count[];
  readonly devices: readonly Count[];
  readonly funnel: { readonly visits: number; readonly requests: number; readonly won: number };
}

function CountTable(props: { id: string; title: string; keyLabel: string; rows: readonly Count[]; label?: (key: string) => string }) {
  return (
    <section className={styles.section} aria-labelledby={props.id}>
      <Heading level={2} size="lg" id={props.id}>
        {props.title}
      </Heading>
      {props.rows.length === 0 ? (
        <Text tone="muted" className={styles.empty}>
          <FormattedMessage id="admin.analytics.none" />
        </Text>
      ) : (
        <table className={styles.table} data-testid={props.id}>
          <thead>
            <tr>
              <th scope="col">{props.keyLabel}</th>
              <th scope="col" className={styles.number}>
                <FormattedMessage id="admin.analytics.views" />
              </th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={styles.key}>
                  {props.label ? props.label(row.key) : row.key}
                </th>
                <td className={styles.number}>
                  <FormattedNumber value={row.views} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The funnel: three steps, each with its share of the step before. */
function Funnel(props: { funnel: BreakdownReport['funnel'] }) {
  const intl = useIntl();
  const { visits, requests, won } = props.funnel;
  const steps = [
    { id: 'visits', value: visits, of: null },
    { id: 'requests', value: requests, of: visits },
    { id: 'won', value: won, of: requests },
  ] as const;
  return (
    <section className={styles.section} aria-labelledby="analytics-funnel">
      <Heading level={2} size="lg" id="analytics-funnel">
        <FormattedMessage id="admin.analytics.funnel" />
      </Heading>
      <ol className={styles.funnel} data-testid="analytics-funnel">
        {steps.map((step) => (
          <li key={step.id} className={styles.step}>
            <span className={styles.stepValue}>
              <FormattedNumber value={step.value} />
            </span>
            <span>
              <FormattedMessage id={`admin.analytics.funnel.${step.id}`} />
            </span>
            {step.of ? (
              <Text tone="muted" size="sm" as="span">
                {intl.formatMessage(
                  { id: 'admin.analytics.funnel.share' },
                  { share: intl.formatNumber(step.value / step.of, { style: 'percent', maximumFractionDigits: 1 }) },
                )}
              </Text>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** All breakdowns and the funnel. */
export function Breakdowns(props: { report: BreakdownReport }) {
  const intl = useIntl();
  const languageNames = new Intl.DisplayNames([intl.locale], { type: 'language' });
  const m = (id: string) => intl.formatMessage({ id });
  return (
    <>
      <Grid minItemWidth={280} columns={2} gap={6}>
        <CountTable id="analytics-pages" title={m('admin.analytics.pages')} keyLabel={m('admin.analytics.page')} rows={props.report.pages} />
        <CountTable id="analytics-referrers" title={m('admin.analytics.referrers')} keyLabel={m('admin.analytics.referrer')} rows={props.report.referrers} />
        <CountTable
          id="analytics-languages"
          title={m('admin.analytics.languages')}
          keyLabel={m('admin.analytics.language')}
          rows={props.report.languages}
          label={(key) => languageNames.of(key) ?? key}
        />
        <CountTable
          id="analytics-devices"
          title={m('admin.analytics.devices')}
          keyLabel={m('admin.analytics.device')}
          rows={props.report.devices}
          label={(key) => (['mobile', 'tablet', 'desktop'].includes(key) ? m(`admin.analytics.device.${key}`) : key)}
        />
      </Grid>
      <Funnel funnel={props.report.funnel} />
    </>
  );
}
