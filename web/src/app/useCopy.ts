/**
 * Copying a value to the clipboard with a fallback (FEEDBACK-TOAST): the Clipboard API when the
 * browser allows it; when it refuses (permission, insecure context, no API) the element showing
 * the value is selected instead, so the person copies it with the keyboard or the context menu.
 * `state` is `copied` for `COPIED_MS` after a copy, `failed` after a refusal, else `idle`.
 * Shared by the referral card and the recovery codes.
 */
import { useEffect, useState } from 'react';

/** How long `copied` lasts, in ms. */
export const COPIED_MS = 4000;

/** Selects the text of `element`, so the user can copy it themselves. */
function selectContents(element: HTMLElement | null) {
  const selection = element ? window.getSelection() : null;
  if (!element || !selection) return;
  selection.removeAllRanges();
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.addRange(range);
}

export function useCopy(): { state: 'idle' | 'copied' | 'failed'; copy: (text: string, shownIn: HTMLElement | null) => Promise<boolean> } {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  /** Copies `text`; on a refusal selects `shownIn`. Answers whether the clipboard took it. */
  async function copy(text: string, shownIn: HTMLElement | null): Promise<boolean> {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(text);
      setState('copied');
      return true;
    } catch {
      setState('failed');
      selectContents(shownIn);
      return false;
    }
  }
  return { state, copy };
}
