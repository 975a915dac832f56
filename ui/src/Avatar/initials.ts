/** Initials of a name for avatars, without React or Radix (documents' islands import it too). */

/**
 * Up to two initials from a name: the first letter (or digit) of each of the first two words, upper-cased.
 * Works for any script: "Анна Петрова" → "АП", "josé luis garcía" → "JL".
 */
export function getInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toLocaleUpperCase();
}
