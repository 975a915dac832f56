/** Placeholder of the `adminAudit` page (ADMIN-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AdminShell } from '../AdminShell';

function Content() {
  return null;
}

export function AuditLogPage() {
  return <AdminShell title={<FormattedMessage id="page.adminAudit.title" />} content={Content} />;
}
