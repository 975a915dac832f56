/** Placeholder of the `adminRequest` page (ADMIN-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AdminShell } from '../AdminShell';

function Content() {
  return null;
}

export function AdminRequestPage() {
  return <AdminShell title={<FormattedMessage id="page.adminRequest.title" />} content={Content} />;
}
