/**
 * The "A new version is available — Reload" prompt (SITE-SW), built with plain DOM so it works on
 * pages without React: a `role="status"` region (announced politely) with the message and a
 * native button (keyboard-accessible). Texts come from the caller or from the JSON data block
 * `#sw-update-texts` that SiteLayout renders in the page's language.
 */
import styles from './updatePrompt.module.css';

/** The id of the JSON data block with the prompt's texts (`{ "message": …, "reload": … }`). */
export const UPDATE_TEXTS_ID = 'sw-update-texts';

/** The prompt's localized texts. */
export interface UpdateTexts {
  message: string;
  reload: string;
}

/** English texts, used when neither the caller nor the page gives any. */
const FALLBACK_TEXTS: UpdateTexts = { message: 'A new version is available.', reload: 'Reload' };

/** The texts of the page's `#sw-update-texts` data block, or the English fallback when it is missing or malformed. */
export function readUpdateTexts(doc: Document = document): UpdateTexts {
  try {
    const parsed: unknown = JSON.parse(doc.getElementById(UPDATE_TEXTS_ID)?.textContent ?? '');
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'message' in parsed &&
      'reload' in parsed &&
      typeof parsed.message === 'string' &&
      typeof parsed.reload === 'string'
    ) {
      return { message: parsed.message, reload: parsed.reload };
    }
  } catch {
    // No block (or not JSON): English.
  }
  return FALLBACK_TEXTS;
}

/**
 * Shows the prompt once in `doc` (a second call while it is shown does nothing) and answers the
 * prompt's element; `onReload` runs when the button is activated (click, Enter or Space), after
 * which the button is disabled so it cannot be sent twice.
 */
export function showUpdatePrompt(texts: UpdateTexts, onReload: () => void, doc: Document = document): HTMLElement {
  const existing = doc.querySelector<HTMLElement>('[data-sw-update-prompt]');
  if (existing) return existing;
  const region = doc.createElement('div');
  region.setAttribute('role', 'status');
  region.dataset['swUpdatePrompt'] = '';
  region.className = styles.prompt ?? '';
  const text = doc.createElement('span');
  text.textContent = texts.message;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = styles.button ?? '';
  button.textContent = texts.reload;
  button.addEventListener('click', () => {
    button.disabled = true;
    onReload();
  });
  region.append(text, button);
  doc.body.append(region);
  return region;
}
