/**
 * The foot of a list that loads page by page (the account's earnings, payouts and requests, the
 * back-office lists): "N of M", announced politely as it changes, and "Load more" while there is a
 * next page (busy while it loads).
 */
import { Button, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';

/** `shownId` is a message with `{shown}` and `{total}`; `loadMoreId` the button's label. */
export function LoadMoreFooter(props: {
  className: string | undefined;
  shownId: string;
  loadMoreId: string;
  shown: number;
  total: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className={props.className}>
      <Text size="sm" tone="muted" role="status">
        <FormattedMessage id={props.shownId} values={{ shown: props.shown, total: props.total }} />
      </Text>
      {props.hasNext ? (
        <Button variant="secondary" loading={props.isLoadingNext} disabled={props.isLoadingNext} onClick={props.onLoadMore}>
          <FormattedMessage id={props.loadMoreId} />
        </Button>
      ) : null}
    </div>
  );
}
