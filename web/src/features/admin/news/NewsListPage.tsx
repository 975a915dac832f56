/** Placeholder of the `adminNews` page (ADMIN-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AdminShell } from '../AdminShell';

function Content() {
  return null;
}

export function NewsListPage() {
  return <AdminShell title={<FormattedMessage id="page.adminNews.title" />} content={Content} />;
}
