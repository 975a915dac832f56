/**
 * The schema form's checks of Conform's FormData (useSchemaForm.tsx): a submit checks the whole
 * schema; an intent (a field changed, a value set in code) re-checks at most one field.
 */
import type { Submission, SubmissionResult } from '@conform-to/react';
import { conformZodMessage, parseWithZod } from '@conform-to/zod/v4';
import { type FieldProblem, problemOf } from '@studio/site/problems';
import { z } from 'zod';

/** The name of Conform's intent buttons (validate, update), which submit the form without sending it. */
export const INTENT = '__intent__';

/** A stand-in for the fields not re-checked by an intent: their messages stay as they are. */
const SKIPPED = z.any().superRefine((_value, ctx) => ctx.addIssue({ code: 'custom', message: conformZodMessage.VALIDATION_SKIPPED }));

/** Conform's reading of a form's FormData with the schema `S`. */
export type Checked<S extends z.ZodObject> = Submission<z.input<S>, FieldProblem, z.output<S>>;

/** The intent of a Conform control submission, or null for a real submit. */
export function readIntent(formData: FormData): { type: string; payload?: { name?: string } } | null {
  const value = formData.get(INTENT);
  return typeof value === 'string' ? (JSON.parse(value) as { type: string; payload?: { name?: string } }) : null;
}

/** An intent's check: only the field `name` is checked again (none when undefined). */
export function recheckField<S extends z.ZodObject>(formData: FormData, schema: S, name: string | undefined): Checked<S> {
  const shape: Record<string, z.ZodType> = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, key === name ? schema.shape[key] : SKIPPED]));
  return parseWithZod(formData, { schema: z.object(shape), disableAutoCoercion: true, formatError: firstProblem }) as Checked<S>;
}

/** A submit's check of the whole schema; when it fails, `onInvalid` gets the first invalid field in the schema's order. */
export function checkAll<S extends z.ZodObject>(formData: FormData, schema: S, onInvalid: (first: string | undefined) => void): Checked<S> {
  const submission = parseWithZod(formData, { schema, disableAutoCoercion: true, formatError: firstProblem }) as Checked<S>;
  if (submission.status === 'success') return submission;
  onInvalid(Object.keys(schema.shape).find((name) => submission.error?.[name]));
  // Conform would focus the first invalid control at once, before its message is on screen; the form focuses it after the render.
  return {
    ...submission,
    reply: (reply?: Parameters<typeof submission.reply>[0]): SubmissionResult<FieldProblem> => ({ ...submission.reply(reply), status: undefined }),
  };
}

/** A field's message: its first problem (the schemas list them in the order to report). */
function firstProblem(issues: z.core.$ZodIssue[]): FieldProblem {
  return problemOf(issues[0]!);
}
