/**
 * The editors' lists (news, products; ADMIN-AREA): a search box kept in the address
 * (`useUrlSearch`) over the rows as cards, or, with no row, "nothing yet" or "nothing matches", in
 * words and announced. The old rows stay, busy, while a new search loads.
 */
import { Link as UiLink, Text, TextField } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PagedList, type Paging } from '../PagedList';
import { SEARCH_MAX_LENGTH } from '../useUrlSearch';
import styles from './list.module.css';

/** Message ids of the list's texts: the search box's label, the empty list, the empty search (`{search}`). */
export interface SearchableListTexts {
  search: string;
  empty: string;
  noMatch: string;
}

/** The search box and the rows (`<li>`s, e.g. of `ListRow`), or the empty state. */
export function SearchableList(props: {
  texts: SearchableListTexts;
  urlSearch: { text: string; setText: (text: string) => void; search: string | null };
  busy: boolean;
  paging: Paging;
  pageSize: number;
  shown: number;
  total: number;
  rows: ReactNode;
}) {
  const intl = useIntl();
  const { text, setText, search } = props.urlSearch;
  const searchBox = (
    <TextField
      type="search"
      label={intl.formatMessage({ id: props.texts.search })}
      value={text}
      maxLength={SEARCH_MAX_LENGTH}
      onChange={(event) => setText(event.currentTarget.value)}
      className={styles.search}
    />
  );
  if (props.shown === 0) {
    return (
      <>
        {searchBox}
        <Text className={styles.empty} role="status">
          {search ? <FormattedMessage id={props.texts.noMatch} values={{ search }} /> : <FormattedMessage id={props.texts.empty} />}
        </Text>
      </>
    );
  }
  return (
    <>
      {searchBox}
      <PagedList
        className={styles.list}
        busy={props.busy}
        paging={props.paging}
        pageSize={props.pageSize}
        shown={props.shown}
        total={props.total}
        rows={props.rows}
      />
    </>
  );
}

/** One card of the list: its title linking to the editor (`to`, already localised), then `cells`. */
export function ListRow(props: { to: string; title: ReactNode; children: ReactNode }) {
  return (
    <li className={styles.row}>
      <p className={styles.title}>
        <UiLink asChild>
          <Link to={props.to}>{props.title}</Link>
        </UiLink>
      </p>
      {props.children}
    </li>
  );
}

/** A muted cell of a `ListRow`. */
export function ListCell(props: { children: ReactNode }) {
  return (
    <Text size="sm" tone="muted" className={styles.cell}>
      {props.children}
    </Text>
  );
}
