/**
 * A request's status timeline (REQ-CLIENT-AREA, REQ-WORKFLOW): every status it has had, oldest
 * first, each with the date it was entered, as an ordered list. `compact` is the list page's one
 * line of steps (status and short date); the full form is the request page's, with dates and times.
 */
import { clsx } from 'clsx';
import { FormattedDate } from 'react-intl';
import { OrderStatusBadge, OrderStatusText } from '../../account/requestLabels';
import styles from './requests.module.css';

/** One step of `Order.timeline`. */
export interface TimelineStep {
  readonly status: string;
  readonly at: string;
}

/**
 * Takes the steps as data, not as a fragment: the server counts each fragment spread against its
 * query depth limit (10), and the list's query is at that limit already.
 */
export function StatusTimeline(props: { steps: readonly TimelineStep[]; compact?: boolean; label?: string }) {
  const { steps } = props;
  if (props.compact) {
    return (
      <ol className={clsx(styles.timeline, styles.compact)} aria-label={props.label} data-testid="request-timeline">
        {steps.map((step, index) => (
          <li key={`${step.status}-${step.at}`} className={styles.step} data-current={index === steps.length - 1 || undefined}>
            <span className={styles.stepStatus}>
              <OrderStatusText status={step.status} />
            </span>{' '}
            <time dateTime={step.at} className={styles.stepDate}>
              <FormattedDate value={step.at} day="numeric" month="short" />
            </time>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol className={styles.timeline} aria-label={props.label} data-testid="request-timeline">
      {steps.map((step, index) => (
        <li key={`${step.status}-${step.at}`} className={styles.step} data-current={index === steps.length - 1 || undefined}>
          <OrderStatusBadge status={step.status} />{' '}
          <time dateTime={step.at} className={styles.stepDate}>
            <FormattedDate value={step.at} dateStyle="medium" timeStyle="short" />
          </time>
        </li>
      ))}
    </ol>
  );
}
