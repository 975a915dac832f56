/** Placeholder of the `adminNewsItem` page (ADMIN-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AdminShell } from '../AdminShell';

function Content() {
  return null;
}

export function NewsEditorPage() {
  return <AdminShell title={<FormattedMessage id="page.adminNewsItem.title" />} content={Content} />;
}
