/** Placeholder of the `adminUsers` page (ADMIN-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AdminShell } from '../AdminShell';

function Content() {
  return null;
}

export function UsersPage() {
  return <AdminShell title={<FormattedMessage id="page.adminUsers.title" />} content={Content} />;
}
