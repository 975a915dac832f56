/**
 * App events (SESSION-TABS, SITE-THEME): sign-in, refresh, sign-out, social-sign-in-done, toggle-theme and
 * refetch-transactions. An event reaches listeners in this tab at once and other tabs of the site
 * through the BroadcastChannel `studio-few-tabs`. Listeners never receive
 * their own tab's channel echo: BroadcastChannel does not deliver to the sender.
 */
import type { Theme } from '@studio/ui';

export const APP_CHANNEL_NAME = 'studio-few-tabs';

export type AppEvent =
  | { type: 'sign-in' }
  /** A tab rotated the session; `accessToken` is the new access token (the refresh token stays in its HttpOnly cookie). */
  | { type: 'refresh'; accessToken: string }
  | { type: 'sign-out' }
  | { type: 'social-sign-in-done' }
  | { type: 'toggle-theme'; theme: Theme }
  | { type: 'refetch-transactions' };

export type AppEventType = AppEvent['type'];
type Listener<T extends AppEventType> = (event: Extract<AppEvent, { type: T }>, origin: 'this-tab' | 'other-tab') => void;

const listeners = new Map<AppEventType, Set<Listener<AppEventType>>>();
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(APP_CHANNEL_NAME);
  channel?.addEventListener('message', (message: MessageEvent<unknown>) => {
    const event = message.data as AppEvent | null;
    if (event && typeof event === 'object' && typeof event.type === 'string') deliver(event, 'other-tab');
  });
  return channel;
}

function deliver(event: AppEvent, origin: 'this-tab' | 'other-tab'): void {
  for (const listener of listeners.get(event.type) ?? []) listener(event as never, origin);
}

/** Raises an event in this tab and, unless `crossTab` is false, in every other tab of the site. */
export function emitAppEvent(event: AppEvent, { crossTab = true }: { crossTab?: boolean } = {}): void {
  deliver(event, 'this-tab');
  if (crossTab) getChannel()?.postMessage(event);
}

/** Subscribes to one event type from this and other tabs; returns the unsubscribe function. */
export function onAppEvent<T extends AppEventType>(type: T, listener: Listener<T>): () => void {
  getChannel();
  let set = listeners.get(type);
  if (!set) listeners.set(type, (set = new Set()));
  set.add(listener as unknown as Listener<AppEventType>);
  return () => set.delete(listener as unknown as Listener<AppEventType>);
}
