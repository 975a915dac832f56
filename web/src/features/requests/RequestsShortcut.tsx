/**
 * The profile's links to the client area (REQ-CLIENT-AREA), to the earnings
 * (LEDGER-EARNINGS-PAGE), to the payouts (PAYOUT-PAGE) and, for administrators only (`role` ADMIN; ADMIN-AREA), to the back
 * office: one row above the profile's cards.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { ButtonLink } from '../../app/links';
import type { RequestsShortcut_user$key } from './__generated__/RequestsShortcut_user.graphql';
import styles from './requests.module.css';

export function RequestsShortcut(props: { user: RequestsShortcut_user$key }) {
  const intl = useIntl();
  const user = useFragment(
    graphql`
      fragment RequestsShortcut_user on User {
        role
      }
    `,
    props.user,
  );
  return (
    <nav aria-label={intl.formatMessage({ id: 'requests.shortcuts' })} className={styles.shortcuts}>
      <ButtonLink to="/profile/requests" variant="secondary" size="sm">
        <FormattedMessage id="page.profileRequests.title" />
      </ButtonLink>
      <ButtonLink to="/profile/earnings" variant="secondary" size="sm">
        <FormattedMessage id="page.profileEarnings.title" />
      </ButtonLink>
      <ButtonLink to="/profile/payouts" variant="secondary" size="sm">
        <FormattedMessage id="payouts.link" />
      </ButtonLink>
      {user.role === 'ADMIN' ? (
        <ButtonLink to="/admin" variant="ghost" size="sm">
          <FormattedMessage id="nav.admin" />
        </ButtonLink>
      ) : null}
    </nav>
  );
}
