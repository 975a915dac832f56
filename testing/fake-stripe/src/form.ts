/**
 * The form bodies the Stripe SDK sends (`application/x-www-form-urlencoded`, nested values in
 * bracket keys: `capabilities[transfers][requested]=true`, `metadata[userId]=u1`, arrays as
 * `expand[0]=x`), parsed into plain objects with `URLSearchParams` plus bracket handling.
 * (No qs-style parser is in the lockfile.) All leaves stay strings, as on the wire.
 */

/** A parsed form value: a string leaf, or a nested object / array of them. */
export type FormValue = string | FormObject | FormValue[];
/** A parsed form object. */
export interface FormObject {
  [key: string]: FormValue;
}

/** Keys that must never become object properties (prototype pollution). */
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
/** Deepest nesting accepted, as qs does (Stripe's own bodies nest 3–4 levels). */
const MAX_DEPTH = 8;

/** Splits `a[b][c]` into `['a', 'b', 'c']`; a malformed key is kept whole as one segment. */
function segments(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const re = /\[([^[\]]*)\]/gy;
  re.lastIndex = open;
  let end = open;
  let match: RegExpExecArray | null;
  while ((match = re.exec(key)) !== null) {
    parts.push(match[1] ?? '');
    end = re.lastIndex;
  }
  return end !== key.length || parts.length > MAX_DEPTH ? [key] : parts;
}

/**
 * Parses a form-encoded body (or query string) into nested objects: `a[b]=1&a[c]=2` →
 * `{ a: { b: '1', c: '2' } }`; numeric segments (`a[0]`, `a[]`) build arrays. Later duplicates
 * win. Keys such as `__proto__` are dropped.
 */
export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = segments(key);
    if (path.some((segment) => FORBIDDEN.has(segment))) continue;
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const segment = path[i] ?? '';
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] ?? '');
      if (Array.isArray(node)) {
        const index: number = segment === '' ? node.length : Number(segment);
        if (last) node[index] = value;
        else {
          const existing: FormValue | undefined = node[index];
          node = node[index] = typeof existing === 'object' ? existing : nextIsIndex ? [] : {};
        }
      } else if (last) node[segment] = value;
      else {
        const existing: FormValue | undefined = node[segment];
        node = node[segment] = typeof existing === 'object' ? existing : nextIsIndex ? [] : {};
      }
    }
  }
  return root;
}

/** The string at `key` of a parsed form object, or undefined when absent or nested. */
export function str(form: FormObject, key: string): string | undefined {
  const value = form[key];
  return typeof value === 'string' ? value : undefined;
}

/** The nested object at `key`, or undefined. */
export function obj(form: FormObject, key: string): FormObject | undefined {
  const value = form[key];
  return typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** A flat string map (Stripe `metadata`) from the nested object at `key`; non-strings dropped. */
export function metadataOf(form: FormObject, key = 'metadata'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(form, key) ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}
