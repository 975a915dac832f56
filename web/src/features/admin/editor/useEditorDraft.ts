/**
 * The state the admin texts editors share (ADMIN-AREA, ADMIN-CONCURRENCY): the draft and the last
 * saved draft (unsaved = they differ), the draft's own problems (shown once a save was refused) over
 * the server's field problems, the toolbar's notice, the versioned save and the unsaved-changes
 * guard's "leaving is fine now".
 */
import { useRef, useState } from 'react';
import type { Locale } from '../../../i18n/locales';
import { type FieldProblems, localesWithProblems } from './texts';
import { useVersionedSave } from './useVersionedSave';

/** `load` makes the draft once, from the stored texts as loaded; `problemsOf` checks a draft. */
export function useEditorDraft<D>(load: () => D, loadedVersion: number, problemsOf: (draft: D) => FieldProblems, initialNotice: string | null = null) {
  const [initial] = useState(load);
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [showProblems, setShowProblems] = useState(false);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const saver = useVersionedSave(loadedVersion);
  const allowLeaving = useRef(false);

  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const problems = problemsOf(draft);
  const serverFields = saver.failure?.kind === 'fields' ? saver.failure.fields : {};
  const shownProblems = showProblems ? { ...serverFields, ...problems } : serverFields;
  const incomplete: Locale[] = showProblems ? localesWithProblems(problems) : [];

  /** Refuses an action while a language is incomplete, naming the first; answers whether it refused. */
  function refuseIncomplete(): boolean {
    const missing = localesWithProblems(problems);
    if (!missing[0]) return false;
    setShowProblems(true);
    saver.setFailure({ kind: 'missingLanguage', locale: missing[0] });
    return true;
  }

  /** The next navigation leaves the editor on purpose (a saved new item's address, the list after a delete). */
  function allowLeave() {
    allowLeaving.current = true;
  }

  return {
    draft,
    setDraft,
    saved,
    setSaved,
    setShowProblems,
    notice,
    setNotice,
    saver,
    allowLeaving,
    allowLeave,
    dirty,
    problems,
    shownProblems,
    incomplete,
    refuseIncomplete,
  };
}

/** The editor state `useEditorDraft` answers. */
export type EditorDraft<D> = ReturnType<typeof useEditorDraft<D>>;
