/** Placeholder of the `adminUser` page (ADMIN-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AdminShell } from '../AdminShell';

function Content() {
  return null;
}

export function AdminUserPage() {
  return <AdminShell title={<FormattedMessage id="page.adminUser.title" />} content={Content} />;
}
