/**
 * A news item's state for administrators (ADMIN-AREA): Draft (no publication time), Scheduled
 * (published in the future) or Published, with the date.
 */
import { Badge } from '@studio/ui';
import { FormattedDate, FormattedMessage } from 'react-intl';
import styles from '../editor/editor.module.css';

export function NewsStatus(props: { published: string | null | undefined; now?: number }) {
  const published = props.published ?? null;
  if (!published) {
    return (
      <span className={styles.status}>
        <Badge tone="neutral">
          <FormattedMessage id="admin.news.status.draft" />
        </Badge>
      </span>
    );
  }
  const scheduled = new Date(published).getTime() > (props.now ?? Date.now());
  return (
    <span className={styles.status}>
      <Badge tone={scheduled ? 'warning' : 'success'}>
        <FormattedMessage id={scheduled ? 'admin.news.status.scheduled' : 'admin.news.status.published'} />
      </Badge>
      <FormattedDate value={published} dateStyle="medium" timeZone="UTC" />
    </span>
  );
}
