/**
 * /auth/reset-success (ACC-RESET): where a completed reset lands.
 * It says that the password changed and that every device was signed out (the server ends every
 * session of the account on a reset), and leads to the sign-in form.
 */
import { Button, Callout, Card, Container, Heading } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';
import styles from './AuthPage.module.css';

export function ResetSuccessPage() {
  const to = useLocalizePath();
  return (
    <Container size="narrow" className={styles.page}>
      <Heading level={1} size="2xl" className={styles.heading}>
        <FormattedMessage id="page.authResetSuccess.title" />
      </Heading>
      <Card padding="lg" className={styles.stack}>
        <Callout tone="success" title={<FormattedMessage id="passwords.resetSuccess.title" />}>
          <FormattedMessage id="passwords.resetSuccess.text" />
        </Callout>
        <div>
          <Button asChild>
            <Link to={to('/auth')}>
              <FormattedMessage id="passwords.resetSuccess.signIn" />
            </Link>
          </Button>
        </div>
      </Card>
    </Container>
  );
}
