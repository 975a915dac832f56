/**
 * The recovery codes of two-factor authentication (ACC-2FA), shown once: with Copy (app/useCopy:
 * when the browser refuses, the codes are selected and it says so) and Download (a text file).
 * `NewCodesDialog` shows a new set ("New recovery codes"); the set-up dialog shows the first one.
 */
import { Button, Callout, Dialog, Stack } from '@studio/ui';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCopy } from '../../app/useCopy';
import styles from '../../account/blocks.module.css';

/** The recovery codes, shown once, with Copy and Download (a text file). */
export function RecoveryCodes(props: { codes: string[]; onDone: () => void }) {
  const intl = useIntl();
  const { state: copyState, copy } = useCopy();
  const listRef = useRef<HTMLUListElement>(null);
  const text = props.codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap={4}>
      <Callout tone="warning">
        <FormattedMessage id="profile.twoFactor.codesText" />
      </Callout>
      <ul ref={listRef} className={styles.codes} aria-label={intl.formatMessage({ id: 'profile.twoFactor.codesLabel' })} data-testid="recovery-codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Stack direction="row" gap={2}>
        <Button variant="secondary" onClick={() => void copy(text, listRef.current)}>
          <FormattedMessage id={copyState === 'copied' ? 'profile.twoFactor.copied' : 'profile.twoFactor.copy'} />
        </Button>
        <Button variant="secondary" onClick={download}>
          <FormattedMessage id="profile.twoFactor.download" />
        </Button>
        <Button onClick={props.onDone}>
          <FormattedMessage id="profile.twoFactor.done" />
        </Button>
      </Stack>
      <p role="status" className={styles.note}>
        {copyState === 'failed' ? <FormattedMessage id="profile.referral.copyFailed" /> : null}
      </p>
    </Stack>
  );
}

/** The dialog of a new set of codes: open while `codes` is set. */
export function NewCodesDialog(props: { codes: string[] | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Dialog
      open={props.codes !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={<FormattedMessage id="profile.twoFactor.codesTitle" />}
      description={<FormattedMessage id="profile.twoFactor.codesLead" />}
      closeLabel={intl.formatMessage({ id: 'payouts.dialog.close' })}
    >
      {props.codes ? <RecoveryCodes codes={props.codes} onDone={props.onClose} /> : null}
    </Dialog>
  );
}
