/**
 * /auth/reset-success (ACC-RESET): where a completed reset lands.
 * It says that the password changed and that every device was signed out (the server ends every
 * session of the account on a reset), and leads to the sign-in form.
 */
import { FormattedMessage } from 'react-intl';
import { SuccessNotice } from '../account/notices';
import { AuthFrame } from './AuthFrame';
import styles from './AuthPage.module.css';

export function ResetSuccessPage() {
  return (
    <AuthFrame title={<FormattedMessage id="page.authResetSuccess.title" />} cardClassName={styles.stack}>
      <SuccessNotice title={<FormattedMessage id="passwords.resetSuccess.title" />} to="/auth" linkLabel={<FormattedMessage id="passwords.resetSuccess.signIn" />}>
        <FormattedMessage id="passwords.resetSuccess.text" />
      </SuccessNotice>
    </AuthFrame>
  );
}
