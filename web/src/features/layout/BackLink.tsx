/**
 * The "← back to the list" link at the top of a detail page (a product, a news item), in a
 * breadcrumb navigation landmark with a localized name. `to` is unprefixed; `label` a message id.
 */
import { Link as UiLink } from '@studio/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';

export function BackLink(props: { to: string; label: string; className?: string }) {
  const intl = useIntl();
  const localize = useLocalizePath();
  return (
    <nav aria-label={intl.formatMessage({ id: 'nav.breadcrumb' })} className={props.className}>
      <UiLink asChild>
        <Link to={localize(props.to)}>
          ← <FormattedMessage id={props.label} />
        </Link>
      </UiLink>
    </nav>
  );
}
