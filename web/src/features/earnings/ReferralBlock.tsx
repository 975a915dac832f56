/**
 * The referral card of /profile/earnings (ACC-REFERRAL, LEDGER-EARNINGS-PAGE): the user's default referral code and the order
 * link that carries it (`/order?ref=CODE` in the page's language, on the site's public address),
 * each with a Copy button. Copying goes through the Clipboard API; a visible "Copied" line is also
 * a polite status for screen readers, and when the browser refuses (permission, insecure context)
 * the value is selected and the user is asked to copy it themselves.
 */
import { Button, Link as UiLink } from '@studio/ui';
import { clsx } from 'clsx';
import { type ReactNode, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { useNotify } from '../../app/toasts';
import { useCopy } from '../../app/useCopy';
import type { ReferralBlock_user$key } from './__generated__/ReferralBlock_user.graphql';
import { useAppContext } from '../../app/context';
import { useLocalizePath } from '../../i18n/useLocale';
import { ProfileRow } from '../../account/ProfileRow';
import { ProfileSection } from '../../account/ProfileSection';
import styles from '../../account/blocks.module.css';

/** One copyable value: label, the value (as given), a Copy button and its status line. */
function CopyRow(props: { label: ReactNode; text: string; children: ReactNode; copyLabel: ReactNode; testId: string }) {
  const valueRef = useRef<HTMLDivElement>(null);
  const { state, copy: copyText } = useCopy();
  const notify = useNotify();

  async function copy() {
    if (await copyText(props.text, valueRef.current)) notify('toast.copied'); // FEEDBACK-TOAST
  }

  return (
    <div className={styles.inline}>
      <ProfileRow
        label={props.label}
        action={
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {props.copyLabel}
          </Button>
        }
      >
        <div ref={valueRef} data-testid={props.testId}>
          {props.children}
        </div>
      </ProfileRow>
      <p role="status" className={state === 'failed' ? styles.note : styles.status}>
        {state === 'copied' ? (
          <FormattedMessage id="profile.referral.copied" />
        ) : state === 'failed' ? (
          <FormattedMessage id="profile.referral.copyFailed" />
        ) : null}
      </p>
    </div>
  );
}

export function ReferralBlock(props: { user: ReferralBlock_user$key; className?: string }) {
  const user = useFragment(
    graphql`
      fragment ReferralBlock_user on User {
        defaultReferralCode {
          code
        }
      }
    `,
    props.user,
  );
  const to = useLocalizePath();
  const { publicUrl } = useAppContext();
  const code = user.defaultReferralCode?.code;
  const orderPath = code ? `${to('/order')}?ref=${encodeURIComponent(code)}` : null;
  const orderUrl = orderPath ? new URL(orderPath, publicUrl || window.location.origin).href : null;

  return (
    <ProfileSection title={<FormattedMessage id="profile.referral.title" />} className={props.className}>
      <p className={styles.note}>
        <FormattedMessage id="profile.referral.lead" />
      </p>
      {code && orderPath && orderUrl ? (
        <div className={styles.rows}>
          <CopyRow
            label={<FormattedMessage id="profile.referral.code" />}
            text={code}
            copyLabel={<FormattedMessage id="profile.referral.copyCode" />}
            testId="profile-referral-code"
          >
            <span className={styles.code} dir="ltr">
              {code}
            </span>
          </CopyRow>
          <CopyRow
            label={<FormattedMessage id="profile.referral.link" />}
            text={orderUrl}
            copyLabel={<FormattedMessage id="profile.referral.copyLink" />}
            testId="profile-referral-link"
          >
            <UiLink asChild>
              <Link to={orderPath} className={styles.link} dir="ltr">
                {orderUrl}
              </Link>
            </UiLink>
          </CopyRow>
        </div>
      ) : (
        <p className={clsx(styles.value, styles.muted)}>
          <FormattedMessage id="profile.referral.none" />
        </p>
      )}
    </ProfileSection>
  );
}
