/** What account pages show to a visitor who is not signed in: a short note and the sign-in link. */
import { Button, Card, Heading, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import styles from './ProfilePage.module.css';

export function SignedOut() {
  const to = useLocalizePath();
  return (
    <Card padding="lg" className={styles.signedOut}>
      <Heading level={2} size="lg">
        <FormattedMessage id="profile.signedOutTitle" />
      </Heading>
      <Text tone="muted">
        <FormattedMessage id="profile.signedOutText" />
      </Text>
      <Button asChild>
        <Link to={to('/auth')}>
          <FormattedMessage id="nav.signIn" />
        </Link>
      </Button>
    </Card>
  );
}
