/**
 * The foot of every back-office list (ADMIN-AREA): "Showing N of M", announced politely as it
 * changes, and "Load more" while the connection has a next page (busy while the page loads).
 */
import { LoadMoreFooter } from '../../account/LoadMoreFooter';
import styles from './ListFooter.module.css';

export function ListFooter(props: { shown: number; total: number; hasNext: boolean; isLoadingNext: boolean; onLoadMore: () => void }) {
  return <LoadMoreFooter className={styles.footer} shownId="admin.list.shown" loadMoreId="admin.list.loadMore" {...props} />;
}
