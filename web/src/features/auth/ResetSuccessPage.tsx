/**
 * /auth/reset-success (ACC-RESET): where a completed reset lands.
 * It says that the password changed and that every device was signed out (the server ends every
 * session of the account on a reset), names the sign-in methods the reset disconnected because
 * they were connected before the address was confirmed (ACC-LINKED; handed over in the history
 * entry's state by the reset form, so a reload or a direct visit shows only the general text),
 * and leads to the sign-in form.
 */
import { Callout } from '@studio/ui';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { RemovedLink } from '../../session/authApi';
import { ButtonLink } from '../../app/links';
import { useAppContext } from '../../app/context';
import { AuthFrame } from './AuthFrame';
import { providerName } from './social';
import styles from './AuthPage.module.css';

/** The history state the reset form navigates here with. */
export function resetSuccessState(removedLinks: RemovedLink[]): { removedLinks: RemovedLink[] } {
  return { removedLinks };
}

/** The removed links of a history state, when it is one `resetSuccessState` made; else none. */
function removedLinksOf(state: unknown): RemovedLink[] {
  if (typeof state !== 'object' || state === null || !('removedLinks' in state) || !Array.isArray(state.removedLinks)) return [];
  return state.removedLinks.filter(
    (link): link is RemovedLink =>
      typeof link === 'object' && link !== null && typeof link.service === 'string' && (typeof link.name === 'string' || link.name === null),
  );
}

export function ResetSuccessPage() {
  const intl = useIntl();
  const { authProviders } = useAppContext();
  const removed = removedLinksOf(useLocation().state);
  const links = intl.formatList(
    removed.map((link) => `${providerName(intl, link.service, authProviders)}${link.name ? ` (${link.name})` : ''}`),
    { type: 'conjunction' },
  );
  return (
    <AuthFrame title={<FormattedMessage id="page.authResetSuccess.title" />} cardClassName={styles.stack}>
      <Callout tone="success" title={<FormattedMessage id="passwords.resetSuccess.title" />}>
        <FormattedMessage id="passwords.resetSuccess.text" />
      </Callout>
      {removed.length ? (
        <Callout tone="warning" title={<FormattedMessage id="passwords.resetSuccess.removedLinksTitle" values={{ count: removed.length }} />}>
          <FormattedMessage id="passwords.resetSuccess.removedLinks" values={{ count: removed.length, links }} />
        </Callout>
      ) : null}
      <div>
        <ButtonLink to="/auth">
          <FormattedMessage id="passwords.resetSuccess.signIn" />
        </ButtonLink>
      </div>
    </AuthFrame>
  );
}
