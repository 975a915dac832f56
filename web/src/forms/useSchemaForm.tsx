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
import { type DefaultValue, useForm } from '@conform-to/react';
import type { FieldProblem } from '@studio/site/problems';
import { FormMessage } from '@studio/ui';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { useFocusAfterRender, useFocusLater } from './formFocus';
import { sendValid, usePreparedSubmit, useSubmitState } from './formSubmit';
import { checkAll, readIntent, recheckField } from './schemaCheck';
import type { ServerProblem } from './serverErrors';

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

/** A Conform form checked with the shared schema `options.schema` (see the top of this file). */
export function useSchemaForm<S extends z.ZodObject>(options: SchemaFormOptions<S>) {
  type F = FieldName<S>;
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = useSubmitState(formRef);
  const focus = useFocusLater();
  const [server, setServer] = useState<ServerProblem<F> | null>(null);
  const show = (found: ServerProblem<F>) => {
    setServer(found);
    if (found.field !== null) focus.later(found.field, found.select ?? options.select ?? false);
  };
  const [form, fields] = useCheckedForm(options, { server, setServer, show, focusLater: focus.later, submitting });
  // The focus effects come after Conform's (a value it sets is then focused and selected).
  useFocusAfterRender(focus, formRef, options.focusTarget);
  const text = (found: FieldProblem | undefined | null) => (found ? intl.formatMessage({ id: found.id }, found.values) : undefined);
  const formMessage = useFormMessage(server, text);
  const onSubmit = usePreparedSubmit(options.prepare, submitting, form.onSubmit);
  const { busy } = submitting;

  /** The problem shown at a field: the server's, else the browser's. */
  const problem = (name: F): FieldProblem | undefined => (server?.field === name ? server.problem : fields[name as keyof typeof fields]?.errors);

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
    submit: submitting.submit,
  };
}

/** What Conform's checks and sending need of the schema form. */
interface CheckedFormState<F extends string> {
  server: ServerProblem<F> | null;
  setServer: (problem: ServerProblem<F> | null) => void;
  show: (found: ServerProblem<F>) => void;
  focusLater: (field: string, select: boolean) => void;
  submitting: ReturnType<typeof useSubmitState>;
}

/** Conform's form for the schema: checks (./schemaCheck.ts), sends valid values, starts afresh on a new id. */
function useCheckedForm<S extends z.ZodObject>(options: SchemaFormOptions<S>, state: CheckedFormState<FieldName<S>>) {
  const { server, setServer } = state;
  /** The values a new id starts with (`keepValues`). */
  const [carried, setCarried] = useState<{ id: string | undefined; value?: DefaultValue<z.input<S>> }>({ id: options.id });

  /** The messages on screen (this render's; read by the intents' checks). */
  let shownErrors: Record<string, FieldProblem | undefined> = {};
  const [form, fields] = useForm<z.input<S>, z.output<S>, FieldProblem>({
    id: options.id,
    defaultValue: carried.value ?? options.defaultValue,
    shouldValidate: 'onSubmit',
    shouldRevalidate: options.recheck === 'inError' ? 'onInput' : 'onSubmit',
    onValidate({ formData }) {
      const intent = readIntent(formData);
      if (intent) {
        // An intent (a field changed, a value set in code) re-checks at most the changed field, and only when it is in error.
        const name = intent.type === 'validate' ? intent.payload?.name : undefined;
        const inError = name !== undefined && (Boolean(shownErrors[name]) || server?.field === name);
        if (inError && server?.field === name) setServer(null);
        return recheckField(formData, options.schema, inError ? name : undefined);
      }
      setServer(null);
      return checkAll(formData, options.schema, (first) => {
        if (first) state.focusLater(first, options.select ?? false);
        state.submitting.settle(false);
      });
    },
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      sendValid(() => options.onValid(submission.value, submission.payload), state.submitting, state.show);
    },
  });
  shownErrors = form.allErrors;

  if (carried.id !== options.id) {
    // A new id: React renders again at once, and Conform's reset takes these values.
    setCarried({ id: options.id, value: options.keepValues ? (form.value as DefaultValue<z.input<S>>) : undefined });
    setServer(null);
  }
  return [form, fields] as const;
}

/** The form-level alert of what the server refused, or null; focused when shown, so a screen reader reads it at once. */
function useFormMessage(server: ServerProblem<string> | null, text: (found: FieldProblem) => string | undefined): ReactElement | null {
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (server && server.field === null) alertRef.current?.focus();
  }, [server]);
  return server && server.field === null ? (
    <FormMessage ref={alertRef} tabIndex={-1} tone="error">
      {text(server.problem)}
    </FormMessage>
  ) : null;
}
