/** The dialog's way out when the account has no proof to give (ACC-SUDO). */
import { Button, DialogActions, Stack, Text } from '@studio/ui';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useLocalizePath } from '../i18n/useLocale';
import { signInPath } from '../session/returnTo';
import { useSession } from '../session/SessionProvider';

/** No proof to give: sign out and sign in again, coming back to this page. */
export function SignInAgain() {
  const session = useSession();
  const navigate = useNavigate();
  const to = useLocalizePath();
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);
  async function signInAgain() {
    setBusy(true);
    const back = signInPath(`${pathname}${search}`);
    await session.signOut();
    navigate(to(back));
  }
  return (
    <Stack gap={4}>
      <Text>
        <FormattedMessage id="payouts.reauth.signInAgainText" />
      </Text>
      <DialogActions cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}>
        <Button type="button" loading={busy} disabled={busy} onClick={() => void signInAgain()}>
          <FormattedMessage id="payouts.reauth.signInAgain" />
        </Button>
      </DialogActions>
    </Stack>
  );
}
