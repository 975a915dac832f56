/**
 * "Last active" of the Devices card (SESSION-DEVICES): a time within the last week as relative
 * words in the page's language ("5 minutes ago", "вчера", "hace 3 horas"; Intl.RelativeTimeFormat
 * through react-intl), anything older as a date ("Nov 2, 2026"); the last minute is "active now".
 */
import type { IntlShape } from 'react-intl';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * `iso` relative to `now` (ms since the epoch): relative within 7 days, a medium date before; null
 * within the last minute (or in the future), which the card says as "active now".
 */
export function formatLastActive(intl: IntlShape, iso: string, now: number): string | null {
  const elapsed = now - Date.parse(iso);
  if (!(elapsed >= MINUTE)) return null;
  if (elapsed < HOUR) return intl.formatRelativeTime(-Math.floor(elapsed / MINUTE), 'minute', { numeric: 'auto' });
  if (elapsed < DAY) return intl.formatRelativeTime(-Math.floor(elapsed / HOUR), 'hour', { numeric: 'auto' });
  if (elapsed < 7 * DAY) return intl.formatRelativeTime(-Math.floor(elapsed / DAY), 'day', { numeric: 'auto' });
  return intl.formatDate(iso, { dateStyle: 'medium' });
}
