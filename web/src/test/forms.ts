/**
 * Helpers for the form tests (next to renderWithRelay): what a person perceives of a field's
 * message, what reached the network, and the server's answers as the api sends them.
 * - `labelled` finds a control by its visible label; `fill` replaces its text as pasting does.
 * - A field's message is part of its control's accessible description (`aria-describedby`) and
 *   marks it `aria-invalid`; `fieldMessage` reads both, so tests do not depend on the markup.
 * - GraphQL: `mutationsSent` lists the mutations a form started on the mock environment (every
 *   one, answered or not); `answerError` answers the pending one with a coded GraphQL error the
 *   way the api does (`data: null`, since every mutation field is non-null; `extensions.code` plus
 *   `field`, `retryAfterSeconds` or `attemptsLeft`, API-ERRORS).
 * - REST: `stubFetch` answers `fetch` in turn with `restAnswer` / `restError` responses
 *   (`{ error: { code, message } }`, a 429's `Retry-After`) or a thrown network failure, and is
 *   restored when the test ends.
 */
import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { GraphQLSingularResponse, OperationDescriptor } from 'relay-runtime';
import type { RelayMockEnvironment } from 'relay-test-utils';
import { type MockInstance, onTestFinished, vi } from 'vitest';

/** The control labelled `label` exactly (a required control's label may end with the asterisk the design system adds). */
export function labelled(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`));
}

/** The texts a control's `aria-describedby` names, joined by spaces (its accessible description). */
export function descriptionOf(control: Element): string {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => control.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/**
 * The message a control shows as being in error, or null when it is not in error: its
 * description while `aria-invalid` is set (the message comes first, then the hint).
 */
export function fieldMessage(control: Element): string | null {
  return control.getAttribute('aria-invalid') === 'true' ? descriptionOf(control) : null;
}

/**
 * Replaces what a text control holds the way pasting does: focus, select all, one input event
 * (typing key by key costs ~30 ms a character in jsdom).
 */
export async function fill(user: UserEvent, control: HTMLElement, text: string): Promise<void> {
  await user.clear(control);
  if (text) await user.paste(text);
}

/** One mutation a form started: its operation name and variables. */
export interface SentMutation {
  name: string;
  variables: Record<string, unknown>;
}

/**
 * Every mutation started on `environment` so far, in order (relay-test-utils wraps
 * `executeMutation` in a mock function under NODE_ENV `test`).
 */
export function mutationsSent(environment: RelayMockEnvironment): SentMutation[] {
  const executeMutation = environment.executeMutation as unknown as Partial<MockInstance<(config: { operation: OperationDescriptor }) => unknown>>;
  if (!executeMutation.mock) throw new Error('mutationsSent: executeMutation is not a mock (is NODE_ENV "test"?)');
  return executeMutation.mock.calls.map(([config]) => ({
    name: config.operation.request.node.params.name,
    variables: { ...config.operation.request.variables },
  }));
}

/** The pending operation the form is waiting for: the most recent mutation. */
function pendingMutation(environment: RelayMockEnvironment): OperationDescriptor {
  const mutation = environment.mock
    .getAllOperations()
    .filter((operation) => operation.request.node.params.operationKind === 'mutation')
    .at(-1);
  if (!mutation) throw new Error('No mutation is waiting for an answer');
  return mutation;
}

/** The root field an operation selects first (`createOrder`), the `path` of the api's error. */
function rootField(operation: OperationDescriptor): string {
  const selection = operation.request.node.operation.selections[0] as { name?: string } | undefined;
  return selection?.name ?? 'unknown';
}

/**
 * Answers the pending mutation with one GraphQL error as the api sends it: `data: null`,
 * `message` in English, `extensions: { code, ...extensions }` (e.g. `{ field: 'email' }`).
 */
export async function answerError(environment: RelayMockEnvironment, code: string, message: string, extensions: Record<string, unknown> = {}): Promise<void> {
  const operation = pendingMutation(environment);
  const payload = { data: null, errors: [{ message, locations: [{ line: 2, column: 3 }], path: [rootField(operation)], extensions: { code, ...extensions } }] };
  await act(async () => {
    // Relay's types know neither an error's `extensions` nor `data: null` beside errors; the api sends both.
    environment.mock.resolve(operation, payload as unknown as GraphQLSingularResponse);
  });
}

/** Fails the pending mutation as an unreachable server would (no GraphQL errors at all). */
export async function failNetwork(environment: RelayMockEnvironment): Promise<void> {
  const operation = pendingMutation(environment);
  await act(async () => {
    environment.mock.reject(operation, new TypeError('Failed to fetch'));
  });
}

/** A JSON answer of the REST api (`body` undefined: 204 without a body). */
export function restAnswer(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } });
}

/** A REST failure as the api sends it (API-ERRORS): `{ error: { code, message } }`; a 429 with `Retry-After` when `retryAfterSeconds` is given. */
export function restError(status: number, code: string, message: string, retryAfterSeconds?: number): Response {
  const details = retryAfterSeconds === undefined ? {} : { retryAfterSeconds };
  return restAnswer(status, { error: { code, message, ...details } }, retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) });
}

/** One answer of the stubbed network: a response, or an error thrown as an unreachable server does. */
export type FetchAnswer = Response | Error | (() => Promise<Response>);

/** A request the stubbed `fetch` received: its address, method and JSON body. */
export interface SentRequest {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Stubs `fetch` (vi.spyOn(globalThis, 'fetch')) with `answers`, one per call in turn; a call
 * beyond them fails the test. Restored when the test ends. `requests()` lists what was sent.
 */
export function stubFetch(...answers: FetchAnswer[]) {
  const queue = [...answers];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const answer = queue.shift();
    if (answer === undefined) return Promise.reject(new Error(`Unexpected request to ${String(input instanceof Request ? input.url : input)}`));
    if (answer instanceof Error) return Promise.reject(answer);
    return typeof answer === 'function' ? answer() : Promise.resolve(answer);
  });
  onTestFinished(() => spy.mockRestore());
  return {
    spy,
    /** Every request sent so far. */
    requests: (): SentRequest[] =>
      spy.mock.calls.map(([input, init]) => ({
        url: String(input instanceof Request ? input.url : input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
      })),
  };
}
