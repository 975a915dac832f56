/**
 * The foot of every back-office list (ADMIN-AREA): "Showing N of M", announced politely as it
 * changes, and "Load more" while the connection has a next page (busy while the page loads).
 */
import { Button, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import styles from './ListFooter.module.css';

export function ListFooter(props: { shown: number; total: number; hasNext: boolean; isLoadingNext: boolean; onLoadMore: () => void }) {
  return (
    <div className={styles.footer}>
      <Text size="sm" tone="muted" role="status">
        <FormattedMessage id="admin.list.shown" values={{ shown: props.shown, total: props.total }} />
      </Text>
      {props.hasNext ? (
        <Button variant="secondary" loading={props.isLoadingNext} disabled={props.isLoadingNext} onClick={props.onLoadMore}>
          <FormattedMessage id="admin.list.loadMore" />
        </Button>
      ) : null}
    </div>
  );
}
