/**
 * A form's submit button: while the form is busy (`busy` from useSchemaForm: checking, then
 * sending) it spins, ignores clicks and says what is happening (`busyLabel`, e.g. "Saving…")
 * instead of `label`.
 */
import { Button, type ButtonProps } from '@studio/ui';
import type { ReactNode } from 'react';

export function SubmitButton({
  busy,
  label,
  busyLabel,
  ...button
}: Pick<ButtonProps, 'size' | 'disabled'> & { busy: boolean; label: ReactNode; busyLabel: ReactNode }) {
  return (
    <Button type="submit" loading={busy} {...button}>
      {busy ? busyLabel : label}
    </Button>
  );
}
