/**
 * One profile value edited in place (ACC-FIELDS), shared by username, bio, phone and telegram:
 * - view mode: label, the value (or a muted "Not set") and an Edit button;
 * - edit mode: the input (a Textarea when `multiline`) with Save and Cancel. Enter saves a
 *   single-line field (native form submit; Ctrl/⌘+Enter in a multi-line one), Escape cancels;
 *   focus moves into the input and, after saving or cancelling, back to the Edit button;
 * - the value is checked in the browser first (`schema`, the server's rule), then `onSave` runs;
 *   a problem it answers (e.g. "already taken") is shown at the field with the typed value kept;
 * - a polite status line says "Saved" for a few seconds after a change.
 * Presentational apart from react-intl: the Relay mutation comes in through `onSave`.
 */
import type { FieldProblem } from '@studio/site/problems';
import { Button, TextField, Textarea } from '@studio/ui';
import { clsx } from 'clsx';
import { type InputHTMLAttributes, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { SubmitButton } from '../../forms/SubmitButton';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { ProfileRow } from '../../account/ProfileRow';
import { useNotify } from '../../app/toasts';
import styles from '../../account/blocks.module.css';

/** How long "Saved" stays on screen (it is announced once, when it appears). */
const SAVED_MS = 5000;

export interface InlineEditFieldProps {
  /** The input's name (also the field's `data-field`). */
  name: string;
  /** The field's label, shown in both modes (already localized). */
  label: string;
  /** The saved value; empty or null shows "Not set". */
  value: string | null | undefined;
  /** How the saved value reads in view mode (e.g. "@" + username); defaults to the value itself. */
  display?: (value: string) => ReactNode;
  /** A multi-line field (Textarea): Enter adds a line, Ctrl/⌘+Enter saves. */
  multiline?: boolean;
  /** Help under the input in edit mode (format, limits). */
  hint?: ReactNode;
  /** Limit for a multi-line field, with a counter. */
  maxLength?: number;
  /** Extra attributes of a single-line input (type, inputMode, autoComplete…). */
  inputProps?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'placeholder' | 'dir'>;
  /** The field's rule (a schema of `@studio/site/fields`): the normalised value to send, or the problem to show. */
  schema: z.ZodType<string, string>;
  /** Saves the normalised value (`typed` is what the user typed); answers a problem to show at the field, or null on success. */
  onSave: (value: string, typed: string) => Promise<FieldProblem | null>;
  /** `data-testid` of the shown value. */
  testId?: string;
}

type EditorProps = Omit<InlineEditFieldProps, 'display' | 'testId'> & {
  /** Leaves edit mode; `saved` when a new value was stored. */
  onDone: (saved: boolean) => void;
};

/** Edit mode: a one-field form, mounted afresh each time editing starts. */
function Editor({ name, label, value, multiline = false, hint, maxLength, inputProps, schema, onSave, onDone }: EditorProps) {
  const intl = useIntl();
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const { formProps, error, busy, submit } = useSchemaForm({
    schema: z.object({ [name]: schema }),
    async onValid(output, payload) {
      const next = String(output[name]);
      // Nothing changed (after the same normalisation the server does): no request.
      if (next === (value ?? '')) return onDone(false);
      const found = await onSave(next, String(payload[name] ?? ''));
      if (found) return { field: name, problem: found };
      onDone(true);
    },
  });

  useEffect(() => {
    const input = inputRef.current;
    input?.focus();
    // Caret at the end, as when clicking after the text (not every input type has a selection).
    if (input && input.type !== 'email' && input.type !== 'number') input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.nativeEvent.isComposing || busy) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDone(false);
    } else if (multiline && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  }

  const common = { ref: inputRef, name, label, defaultValue: value ?? '', error: error(name), hint };
  return (
    <form {...formProps} className={styles.editForm} onKeyDown={onKeyDown}>
      {multiline ? (
        <Textarea {...common} maxLength={maxLength} formatCount={(count, max) => intl.formatMessage({ id: 'profile.inline.count' }, { count, max })} rows={5} />
      ) : (
        <TextField {...common} {...inputProps} />
      )}
      <div className={styles.editActions}>
        <SubmitButton busy={busy} size="sm" label={<FormattedMessage id="profile.inline.save" />} busyLabel={<FormattedMessage id="profile.inline.saving" />} />
        <Button variant="ghost" size="sm" onClick={() => onDone(false)} disabled={busy}>
          <FormattedMessage id="profile.inline.cancel" />
        </Button>
      </div>
    </form>
  );
}

export function InlineEditField({ display, testId, ...props }: InlineEditFieldProps) {
  const { name, label, value, multiline = false } = props;
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const notify = useNotify();
  const editRef = useRef<HTMLButtonElement>(null);
  // Focus goes back to Edit only after the user's own switch, never on the first render.
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  useEffect(() => {
    if (!moveFocus.current || editing) return;
    moveFocus.current = false;
    editRef.current?.focus();
  }, [editing]);

  function startEditing() {
    setSaved(false);
    setEditing(true);
  }

  function stopEditing(changed: boolean) {
    if (changed) {
      setSaved(true);
      // FEEDBACK-TOAST: the same words as the line under the field, where the eye is.
      notify('profile.inline.saved', { values: { field: label } });
    }
    moveFocus.current = true;
    setEditing(false);
  }

  const shown = value ? (display ? display(value) : value) : null;

  return (
    <div className={styles.inline} data-field={name}>
      {editing ? (
        <Editor {...props} onDone={stopEditing} />
      ) : (
        <ProfileRow
          label={label}
          action={
            <Button
              ref={editRef}
              variant="secondary"
              size="sm"
              onClick={startEditing}
              aria-label={intl.formatMessage({ id: 'profile.inline.editLabel' }, { field: label })}
            >
              <FormattedMessage id="profile.inline.edit" />
            </Button>
          }
        >
          {shown === null ? (
            <p className={clsx(styles.value, styles.muted)}>
              <FormattedMessage id="profile.notSet" />
            </p>
          ) : (
            <p className={clsx(styles.value, multiline && styles.multiline)} data-testid={testId}>
              {shown}
            </p>
          )}
        </ProfileRow>
      )}
      <p role="status" className={styles.status}>
        {saved ? intl.formatMessage({ id: 'profile.inline.saved' }, { field: label }) : null}
      </p>
    </div>
  );
}
