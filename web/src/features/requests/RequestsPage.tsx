/** Placeholder of the `profileRequests` page (REQ-CLIENT-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AccountShell } from '../profile/AccountShell';

function Content() {
  return null;
}

export function RequestsPage() {
  return <AccountShell title={<FormattedMessage id="page.profileRequests.title" />} content={Content} />;
}
