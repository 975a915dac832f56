/** What account pages show to a visitor who is not signed in: a short note and the sign-in link. */
import { Button } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import styles from './ProfilePage.module.css';

export function SignedOut() {
  const to = useLocalizePath();
  return (
    <div className={styles.signedOut}>
      <h2>
        <FormattedMessage id="profile.signedOutTitle" />
      </h2>
      <p>
        <FormattedMessage id="profile.signedOutText" />
      </p>
      <Button asChild>
        <Link to={to('/auth')}>
          <FormattedMessage id="nav.signIn" />
        </Link>
      </Button>
    </div>
  );
}
