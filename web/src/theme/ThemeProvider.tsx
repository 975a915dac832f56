/**
 * Theme state of the app: the stored choice (cookie, rendered by the server as `data-theme` on
 * <html>) and the system preference when there is no choice. Toggling stores the choice, applies
 * it and raises the app's toggle-theme event so other tabs follow (SITE-THEME).
 */
import type { Theme } from '@studio/ui';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { emitAppEvent, onAppEvent } from '../app/events';
import { writeTheme } from './theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeSystem(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const systemSnapshot = (): Theme => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');
// The server cannot know the system theme; hydration starts from light and then corrects itself.
const serverSnapshot = (): Theme => 'light';

interface ThemeContextValue {
  /** The stored choice, or null while the system decides. */
  choice: Theme | null;
  /** The theme in effect. */
  theme: Theme;
  /** Stores and applies a theme, here and in other tabs. */
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/** Holds the theme choice for the document; `initialChoice` is what the server rendered from the cookie. */
export function ThemeProvider({ initialChoice, children }: { initialChoice: Theme | null; children: ReactNode }) {
  const [choice, setChoice] = useState<Theme | null>(initialChoice);
  const system = useSyncExternalStore(subscribeSystem, systemSnapshot, serverSnapshot);

  useEffect(() => onAppEvent('toggle-theme', (event) => setChoice(event.theme)), []);

  const setTheme = useCallback((theme: Theme) => {
    writeTheme(theme);
    setChoice(theme);
    emitAppEvent({ type: 'toggle-theme', theme });
  }, []);

  const value = useMemo(() => ({ choice, theme: choice ?? system, setTheme }), [choice, system, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/** The theme in effect, the stored choice and `setTheme`; throws outside ThemeProvider. */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('ThemeProvider is missing');
  return value;
}
