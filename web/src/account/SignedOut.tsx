/**
 * What account pages show to a visitor who is not signed in: a short note and the sign-in link,
 * which brings them back to this page afterwards (AUTH-RETURN).
 */
import { Card, Heading, Text } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { signInPath } from '../session/returnTo';
import { ButtonLink } from '../app/links';
import styles from './SignedOut.module.css';

export function SignedOut() {
  const location = useLocation();
  return (
    <Card padding="lg" className={styles.signedOut}>
      <Heading level={2} size="lg">
        <FormattedMessage id="profile.signedOutTitle" />
      </Heading>
      <Text tone="muted">
        <FormattedMessage id="profile.signedOutText" />
      </Text>
      <ButtonLink to={signInPath(location.pathname + location.search)}>
        <FormattedMessage id="nav.signIn" />
      </ButtonLink>
    </Card>
  );
}
