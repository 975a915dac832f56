/**
 * HTML escaping for mail templates, through the `escape-html` package: `& < > " '` become
 * entities (the characters OWASP's XSS prevention cheat sheet lists for HTML text and quoted
 * attribute values). Not a URL check — callers build URLs from trusted parts only.
 * `escapeHtml('<a href="x">')` → `&lt;a href=&quot;x&quot;&gt;`.
 */
import escape from 'escape-html';

export function escapeHtml(value: string): string {
  return escape(value);
}
