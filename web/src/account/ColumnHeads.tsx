/**
 * The head row of a table of amounts (earnings per currency, balances in the back office): one
 * `<th scope="col">` a message id, in the page's language.
 */
import { FormattedMessage } from 'react-intl';

/** `<thead>` with one column header per message id. */
export function ColumnHeads(props: { ids: readonly string[] }) {
  return (
    <thead>
      <tr>
        {props.ids.map((id) => (
          <th key={id} scope="col">
            <FormattedMessage id={id} />
          </th>
        ))}
      </tr>
    </thead>
  );
}
