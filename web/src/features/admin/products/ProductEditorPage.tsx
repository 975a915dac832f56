/** Placeholder of the `adminProduct` page (ADMIN-AREA); replaced by its implementation. */
import { FormattedMessage } from 'react-intl';
import { AdminShell } from '../AdminShell';

function Content() {
  return null;
}

export function ProductEditorPage() {
  return <AdminShell title={<FormattedMessage id="page.adminProduct.title" />} content={Content} />;
}
