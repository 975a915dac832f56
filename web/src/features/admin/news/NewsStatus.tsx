/**
 * A news item's state for administrators (ADMIN-AREA): Draft (no publication time), Scheduled
 * (published in the future) or Published, with the date.
 */
import { Badge } from '@studio/ui';
import { useState } from 'react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import styles from '../editor/editor.module.css';

export function NewsStatus(props: { published: string | null | undefined }) {
  // The moment the state is judged at: when the row first rendered (a list is not a clock).
  const [now] = useState(() => Date.now());
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
  const scheduled = new Date(published).getTime() > now;
  return (
    <span className={styles.status}>
      <Badge tone={scheduled ? 'warning' : 'success'}>
        <FormattedMessage id={scheduled ? 'admin.news.status.scheduled' : 'admin.news.status.published'} />
      </Badge>
      <FormattedDate value={published} dateStyle="medium" timeZone="UTC" />
    </span>
  );
}
