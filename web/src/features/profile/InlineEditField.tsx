/**
 * One profile value edited in place (issue 6, item 1), shared by username, bio, phone and telegram:
 * - view mode: label, the value (or a muted "Not set") and an Edit button;
 * - edit mode: the input (a Textarea when `multiline`) with Save and Cancel. Enter saves a
 *   single-line field (native form submit; Ctrl/⌘+Enter in a multi-line one), Escape cancels;
 *   focus moves into the input and, after saving or cancelling, back to the Edit button;
 * - the value is checked in the browser first (`check`, the server's rules), then `onSave` runs;
 *   a problem it answers (e.g. "already taken") is shown at the field with the typed value kept;
 * - a polite status line says "Saved" for a few seconds after a change.
 * Presentational apart from react-intl: the Relay mutation comes in through `onSave` (DESIGN.md §8).
 */
import { Button, TextField, Textarea } from '@studio/ui';
import { type FormEvent, type InputHTMLAttributes, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FieldCheck, FieldProblem } from './fieldRules';
import styles from './blocks.module.css';

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
  /** The browser's check: the normalised value to send, or the problem to show. */
  check: (raw: string) => FieldCheck;
  /** Saves the normalised value (`typed` is what the user typed); answers a problem to show at the field, or null on success. */
  onSave: (value: string, typed: string) => Promise<FieldProblem | null>;
  /** `data-testid` of the shown value. */
  testId?: string;
}

export function InlineEditField({ name, label, value, display, multiline = false, hint, maxLength, inputProps, check, onSave, testId }: InlineEditFieldProps) {
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  // Focus moves only after the user's own switch, never on the first render.
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    if (editing) {
      const input = inputRef.current;
      input?.focus();
      // Caret at the end, as when clicking after the text (not every input type has a selection).
      if (input && input.type !== 'email' && input.type !== 'number') input.setSelectionRange(input.value.length, input.value.length);
    } else {
      editRef.current?.focus();
    }
  }, [editing]);

  function startEditing() {
    setDraft(value ?? '');
    setProblem(null);
    setSaved(false);
    moveFocus.current = true;
    setEditing(true);
  }

  function stopEditing() {
    setProblem(null);
    moveFocus.current = true;
    setEditing(false);
  }

  function showProblem(found: FieldProblem) {
    setProblem(found);
    inputRef.current?.focus();
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (saving) return;
    const result = check(draft);
    if (!result.ok) return showProblem(result.problem);
    // Nothing changed (after the same normalisation the server does): no request.
    if (result.value === (value ?? '')) return stopEditing();
    setSaving(true);
    setProblem(null);
    const found = await onSave(result.value, draft);
    setSaving(false);
    if (found) return showProblem(found);
    setSaved(true);
    stopEditing();
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.nativeEvent.isComposing || saving) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      stopEditing();
    } else if (multiline && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  }

  const error = problem ? intl.formatMessage({ id: problem.id }, problem.values) : undefined;
  const shown = value ? (display ? display(value) : value) : null;

  return (
    <div className={styles.inline} data-field={name}>
      {editing ? (
        <form className={styles.editForm} noValidate onSubmit={(event) => void save(event)} onKeyDown={onKeyDown} aria-busy={saving || undefined}>
          {multiline ? (
            <Textarea
              ref={inputRef}
              name={name}
              label={label}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              error={error}
              hint={hint}
              maxLength={maxLength}
              formatCount={(count, max) => intl.formatMessage({ id: 'profile.inline.count' }, { count, max })}
              rows={5}
            />
          ) : (
            <TextField ref={inputRef} name={name} label={label} value={draft} onChange={(event) => setDraft(event.target.value)} error={error} hint={hint} {...inputProps} />
          )}
          <div className={styles.editActions}>
            <Button type="submit" size="sm" loading={saving}>
              <FormattedMessage id={saving ? 'profile.inline.saving' : 'profile.inline.save'} />
            </Button>
            <Button variant="ghost" size="sm" onClick={stopEditing} disabled={saving}>
              <FormattedMessage id="profile.inline.cancel" />
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.row}>
          <div className={styles.rowMain}>
            <span className={styles.label}>{label}</span>
            {shown === null ? (
              <p className={`${styles.value} ${styles.muted}`}>
                <FormattedMessage id="profile.notSet" />
              </p>
            ) : (
              <p className={[styles.value, multiline ? styles.multiline : ''].join(' ')} data-testid={testId}>
                {shown}
              </p>
            )}
          </div>
          <div className={styles.rowAction}>
            <Button ref={editRef} variant="secondary" size="sm" onClick={startEditing} aria-label={intl.formatMessage({ id: 'profile.inline.editLabel' }, { field: label })}>
              <FormattedMessage id="profile.inline.edit" />
            </Button>
          </div>
        </div>
      )}
      <p role="status" className={styles.status}>
        {saved ? intl.formatMessage({ id: 'profile.inline.saved' }, { field: label }) : null}
      </p>
    </div>
  );
}
