/** One label/value fact of a request (the card's row of facts, the request page's details): a `<dt>`/`<dd>` pair. */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** `label` is the fact's message id. */
export function Fact(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>
        <FormattedMessage id={props.label} />
      </dt>
      <dd>{props.children}</dd>
    </div>
  );
}
