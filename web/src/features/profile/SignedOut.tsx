/** What account pages show to a visitor who is not signed in: a short note and the sign-in link. */
import { Card, Heading, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '../layout/links';
import styles from './ProfilePage.module.css';

export function SignedOut() {
  return (
    <Card padding="lg" className={styles.signedOut}>
      <Heading level={2} size="lg">
        <FormattedMessage id="profile.signedOutTitle" />
      </Heading>
      <Text tone="muted">
        <FormattedMessage id="profile.signedOutText" />
      </Text>
      <ButtonLink to="/auth">
        <FormattedMessage id="nav.signIn" />
      </ButtonLink>
    </Card>
  );
}
