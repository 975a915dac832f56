/**
 * Asks before leaving an admin editor with unsaved edits (ADMIN-AREA): a navigation inside the site
 * waits for "Leave" or "Keep editing" (react-router's `useBlocker`); closing or reloading the tab
 * gets the browser's own question. `allowLeaving` lets the editor's own navigation through (after a
 * save or a delete) before React has seen the edits saved.
 */
import { AlertDialog } from '@studio/ui';
import { type RefObject, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useBlocker } from 'react-router';

export function UnsavedChangesGuard(props: { dirty: boolean; allowLeaving: RefObject<boolean> }) {
  const { dirty, allowLeaving } = props;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowLeaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <AlertDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={<FormattedMessage id="admin.editor.leave.title" />}
      description={<FormattedMessage id="admin.editor.leave.message" />}
      cancelLabel={<FormattedMessage id="admin.editor.keepEditing" />}
      confirmLabel={<FormattedMessage id="admin.editor.leave.confirm" />}
      onConfirm={() => {
        if (blocker.state === 'blocked') blocker.proceed();
      }}
    />
  );
}
