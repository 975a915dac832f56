/** Placeholder of the `profileRequest` page (REQ-CLIENT-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AccountShell } from '../profile/AccountShell';

function Content() {
  return null;
}

export function RequestPage() {
  return <AccountShell title={<FormattedMessage id="page.profileRequest.title" />} content={Content} />;
}
