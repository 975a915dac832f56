/**
 * The confirmation shown after an account was deleted (ACC-DELETE): /profile navigates to the
 * home page with `ACCOUNT_DELETED_STATE` in the history entry's state, and this notice, rendered by
 * the page that receives it (the layout or the home page), says the account is gone until the
 * visitor closes it. Renders nothing otherwise, so it can sit on every page.
 */
import { Button, Callout } from '@studio/ui';
import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';

/** The history state /profile navigates with after `deleteUser`. */
export const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

export function AccountDeletedNotice(props: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  if ((location.state as { accountDeleted?: unknown } | null)?.accountDeleted !== true) return null;
  return (
    <Callout
      tone="success"
      className={props.className}
      title={<FormattedMessage id="profile.delete.done.title" />}
      data-testid="account-deleted"
      action={
        // Same page, state cleared: the notice does not come back on reload or Back.
        <Button variant="ghost" size="sm" onClick={() => void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}>
          <FormattedMessage id="profile.delete.done.close" />
        </Button>
      }
    >
      <FormattedMessage id="profile.delete.done.text" />
    </Callout>
  );
}
