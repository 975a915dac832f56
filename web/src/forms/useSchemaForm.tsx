/**
 * The form toolkit: a Conform form driven by one zod object schema built from the shared field
 * rules (`@studio/site/fields`, the server's own schemas), whose messages are message ids shown
 * in the user's language. What every form of the site gets from it:
 * - the browser checks on submit with the schema; the first invalid field (in the schema's order)
 *   gets the focus after the render that shows its message, so both are announced together;
 * - messages stay until the next submit, or with `recheck: 'inError'` a field in error is checked
 *   again as it changes (its message goes as soon as it is fixed);
 * - `prepare` waits for something before checking (the common-password list, ACC-PASSWORD);
 * - `onValid` gets the schema's output and the raw payload and answers what the server refused
 *   (`ServerProblem`, from ./serverErrors.ts): shown at the field (focused) or as the form-level
 *   alert (`formMessage`, focused so a screen reader reads it at once);
 * - `busy` while checking and sending; a second submit meanwhile is ignored.
 * Inputs are uncontrolled (`field(name)` gives name, default value and the message); custom
 * controls use Conform's `useInputControl`.
 */
import { type DefaultValue, type Submission, type SubmissionResult, useForm } from '@conform-to/react';
import { conformZodMessage, parseWithZod } from '@conform-to/zod/v4';
import { type FieldProblem, problemOf } from '@studio/site/problems';
import { FormMessage } from '@studio/ui';
import { type FormEvent, type ReactElement, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import type { ServerProblem } from './serverErrors';

/** The name of Conform's intent buttons (validate, update), which submit the form without sending it. */
const INTENT = '__intent__';

/** A stand-in for the fields not re-checked by an intent: their messages stay as they are. */
const SKIPPED = z.any().superRefine((_value, ctx) => ctx.addIssue({ code: 'custom', message: conformZodMessage.VALIDATION_SKIPPED }));

export interface SchemaFormOptions<S extends z.ZodObject> {
  /** The form's schema: the shared field rules, keyed by the inputs' names, in the form's order. */
  schema: S;
  /** The inputs' first values. */
  defaultValue?: DefaultValue<z.input<S>>;
  /** A new id starts the form afresh: no messages, and the first values (or, with `keepValues`, what was typed). */
  id?: string;
  keepValues?: boolean;
  /** `onSubmit` (default): messages stay until the next submit; `inError`: a field in error is checked again as it changes. */
  recheck?: 'onSubmit' | 'inError';
  /** Something to wait for before checking the typed values (null when nothing is needed). */
  prepare?: (formData: FormData) => Promise<unknown> | null;
  /** The element to focus for a field (default: the control named after it). */
  focusTarget?: (field: string, form: HTMLFormElement) => HTMLElement | null;
  /** Select a field's text when a problem focuses it. */
  select?: boolean;
  /** Sends valid values; answers what the server refused, or nothing on success. */
  onValid: (
    value: z.output<S>,
    payload: Record<string, unknown>,
  ) => Promise<ServerProblem<FieldName<S>> | null | void> | ServerProblem<FieldName<S>> | null | void;
}

/** The names of a schema's fields (of every schema, when the form switches between several). */
export type FieldName<S extends z.ZodObject> = S extends z.ZodObject ? Extract<keyof S['shape'], string> : never;

export function useSchemaForm<S extends z.ZodObject>(options: SchemaFormOptions<S>) {
  type F = FieldName<S>;
  const intl = useIntl();
  const [server, setServer] = useState<ServerProblem<F> | null>(null);
  const [busy, setBusyState] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const busyRef = useRef(false);
  const prepared = useRef(false);
  const pendingFocus = useRef<{ field: string; select: boolean } | null>(null);
  const waiter = useRef<((ok: boolean) => void) | null>(null);
  const names = Object.keys(options.schema.shape) as F[];

  const setBusy = (value: boolean) => {
    busyRef.current = value;
    setBusyState(value);
  };
  const settle = (ok: boolean) => {
    waiter.current?.(ok);
    waiter.current = null;
  };
  const focusLater = (field: string, select: boolean) => {
    pendingFocus.current = { field, select };
    setFocusTick((n) => n + 1);
  };
  const show = (found: ServerProblem<F>) => {
    setServer(found);
    if (found.field !== null) focusLater(found.field, found.select ?? options.select ?? false);
  };

  /** The values a new id starts with (`keepValues`). */
  const [carried, setCarried] = useState<{ id: string | undefined; value?: DefaultValue<z.input<S>> }>({ id: options.id });

  /** The messages on screen (this render's; read by the intents' checks). */
  let shownErrors: Record<string, FieldProblem | undefined> = {};
  const [form, fields] = useForm<z.input<S>, z.output<S>, FieldProblem>({
    id: options.id,
    defaultValue: carried.value ?? options.defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: options.recheck === 'inError' ? 'onInput' : 'onSubmit',
    onValidate({ formData }): Submission<z.input<S>, FieldProblem, z.output<S>> {
      const intent = readIntent(formData);
      if (intent) {
        // An intent (a field changed, a value set in code) re-checks at most the changed field, and only when it is in error.
        const name = intent.type === 'validate' ? intent.payload?.name : undefined;
        const inError = name !== undefined && (Boolean(shownErrors[name]) || server?.field === name);
        if (inError && server?.field === name) setServer(null);
        const shape: Record<string, z.ZodType> = Object.fromEntries(names.map((key) => [key, inError && key === name ? options.schema.shape[key] : SKIPPED]));
        return parseWithZod(formData, { schema: z.object(shape), disableAutoCoercion: true, formatError: firstProblem }) as Submission<
          z.input<S>,
          FieldProblem,
          z.output<S>
        >;
      }
      setServer(null);
      const submission = parseWithZod(formData, { schema: options.schema, disableAutoCoercion: true, formatError: firstProblem }) as Submission<
        z.input<S>,
        FieldProblem,
        z.output<S>
      >;
      if (submission.status === 'success') return submission;
      const first = names.find((name) => submission.error?.[name]);
      if (first) focusLater(first, options.select ?? false);
      settle(false);
      // Conform would focus the first invalid control at once, before its message is on screen; focusLater does it after the render.
      return {
        ...submission,
        reply: (reply?: Parameters<typeof submission.reply>[0]): SubmissionResult<FieldProblem> => ({ ...submission.reply(reply), status: undefined }),
      };
    },
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      setBusy(true);
      void Promise.resolve(options.onValid(submission.value, submission.payload)).then(
        (found) => {
          setBusy(false);
          if (found) show(found);
          settle(!found);
        },
        (error: unknown) => {
          setBusy(false);
          settle(false);
          throw error;
        },
      );
    },
  });
  shownErrors = form.allErrors;

  if (carried.id !== options.id) {
    // A new id: React renders again at once, and Conform's reset takes these values.
    setCarried({ id: options.id, value: options.keepValues ? (form.value as DefaultValue<z.input<S>>) : undefined });
    setServer(null);
  }

  // Focus after the render that shows the message (focusTick makes one even when the messages did not change).
  const { focusTarget } = options;
  useEffect(() => {
    const target = pendingFocus.current;
    const element = target && formRef.current ? (focusTarget?.(target.field, formRef.current) ?? namedControl(formRef.current, target.field)) : null;
    pendingFocus.current = null;
    element?.focus();
    if (target?.select && element instanceof HTMLInputElement) element.select();
  }, [focusTick, focusTarget]);

  useEffect(() => {
    if (server && server.field === null) alertRef.current?.focus();
  }, [server]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute('name') !== INTENT) {
      if (busyRef.current) {
        // Still checking or sending the last one.
        event.preventDefault();
        return;
      }
      const waiting = prepared.current ? null : options.prepare?.(new FormData(event.currentTarget));
      prepared.current = false;
      if (waiting) {
        // Check once it has arrived (or failed: the check then runs without it).
        event.preventDefault();
        setBusy(true);
        const element = event.currentTarget;
        void waiting
          .catch(() => undefined)
          .then(() => {
            setBusy(false);
            prepared.current = true;
            element.requestSubmit();
          });
        return;
      }
    }
    form.onSubmit(event);
  }

  /** The problem shown at a field: the server's, else the browser's. */
  const problem = (name: F): FieldProblem | undefined => (server?.field === name ? server.problem : fields[name as keyof typeof fields]?.errors);
  const text = (found: FieldProblem | undefined | null) => (found ? intl.formatMessage({ id: found.id }, found.values) : undefined);
  const formMessage: ReactElement | null =
    server && server.field === null ? (
      <FormMessage ref={alertRef} tabIndex={-1} tone="error">
        {text(server.problem)}
      </FormMessage>
    ) : null;

  return {
    /** Conform's form (update, reset, values). */
    form,
    /** Conform's fields (initial and current values, keys). */
    fields,
    /** The `<form>` element (in effects and event handlers). */
    formElement: () => formRef.current,
    /** Spread onto the `<form>`. */
    formProps: { id: form.id, ref: formRef, noValidate: true, onSubmit, 'aria-busy': busy || undefined },
    /** Checking or sending. */
    busy,
    problem,
    /** A field's message in the user's language, or undefined. */
    error: (name: F) => text(problem(name)),
    /** Name, first value and message of an uncontrolled input. */
    field: (name: F) => ({ name, defaultValue: fields[name as keyof typeof fields]?.initialValue as string | undefined, error: text(problem(name)) }),
    /** The form-level alert, or null. */
    formMessage,
    /** The form-level message as text, for a caller that shows it elsewhere (a dialog's own alert). */
    formError: server && server.field === null ? text(server.problem) : undefined,
    /** Shows a problem found outside a submit (e.g. by another action of the form). */
    fail: show,
    /** Clears the server's message. */
    clear: () => setServer(null),
    /** Submits as the user would; resolves whether the values were sent and accepted. */
    submit: () =>
      new Promise<boolean>((resolve) => {
        if (busyRef.current) return resolve(false);
        settle(false);
        waiter.current = resolve;
        formRef.current?.requestSubmit();
      }),
  };
}

/** A field's message: its first problem (the schemas list them in the order to report). */
function firstProblem(issues: z.core.$ZodIssue[]): FieldProblem {
  return problemOf(issues[0]!);
}

/** The intent of a Conform control submission, or null for a real submit. */
function readIntent(formData: FormData): { type: string; payload?: { name?: string } } | null {
  const value = formData.get(INTENT);
  return typeof value === 'string' ? (JSON.parse(value) as { type: string; payload?: { name?: string } }) : null;
}

function namedControl(form: HTMLFormElement, name: string): HTMLElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLElement ? element : null;
}
