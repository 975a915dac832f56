/**
 * What jsdom lacks and the design system's Radix controls use: `ResizeObserver` (the checkbox
 * measures itself to size its hidden form input). jsdom lays nothing out, so an observer that
 * never reports is what a real browser would say about a page that never resizes. Installed once
 * on import (renderWithRelay imports it), only where the environment has none.
 */
class NoResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

globalThis.ResizeObserver ??= NoResizeObserver;
