/**
 * The rows of a back-office list and its foot (ADMIN-AREA): the `<ul>` busy while a refetch or the
 * next page loads, then ListFooter ("Showing N of M", "Load more" appending `pageSize` more in a
 * transition, so the rows shown stay meanwhile).
 */
import { type ReactNode, useTransition } from 'react';
import { ListFooter } from './ListFooter';

/** What a Relay pagination fragment answers for "Load more". */
export interface Paging {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number) => unknown;
}

/** `rows` are the `<li>`s; `busy` is a pending refetch (the next page's loading is added here). */
export function PagedList(props: {
  className: string | undefined;
  label?: string;
  busy: boolean;
  paging: Paging;
  pageSize: number;
  shown: number;
  total: number;
  rows: ReactNode;
}) {
  const [, startLoading] = useTransition();
  const { hasNext, isLoadingNext, loadNext } = props.paging;
  return (
    <>
      <ul className={props.className} aria-busy={props.busy || isLoadingNext} aria-label={props.label}>
        {props.rows}
      </ul>
      <ListFooter
        shown={props.shown}
        total={props.total}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        onLoadMore={() => startLoading(() => void loadNext(props.pageSize))}
      />
    </>
  );
}
