/** Placeholder of the `adminRequests` page (ADMIN-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AdminShell } from '../AdminShell';

function Content() {
  return null;
}

export function RequestsInboxPage() {
  return <AdminShell title={<FormattedMessage id="page.adminRequests.title" />} content={Content} />;
}
