/** Placeholder of the `adminProducts` page (ADMIN-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AdminShell } from '../AdminShell';

function Content() {
  return null;
}

export function ProductsListPage() {
  return <AdminShell title={<FormattedMessage id="page.adminProducts.title" />} content={Content} />;
}
