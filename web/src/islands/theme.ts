/**
 * The theme switch of an HTML-first page (SITE-THEME, SITE-DELIVERY): shows the theme in effect
 * (the stored choice on `<html data-theme>`, else the system's), and on a click stores the other
 * one, applies it and tells the other tabs (the `toggle-theme` app event), as the app's does.
 */
import type { Theme } from '@studio/ui';
import { emitAppEvent, onAppEvent } from '../app/events';
import { writeTheme } from '../theme/theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Wires every `[data-island="theme"]` switch of `root`. */
export function startThemeIsland(root: Document = document): void {
  const switches = [...root.querySelectorAll<HTMLButtonElement>('[data-island="theme"]')];
  const html = root.documentElement;
  const system = window.matchMedia(DARK_QUERY);
  const effective = (): Theme => (html.dataset.theme === 'dark' || html.dataset.theme === 'light' ? html.dataset.theme : system.matches ? 'dark' : 'light');
  const show = () => {
    const theme = effective();
    for (const button of switches) {
      button.setAttribute('aria-checked', String(theme === 'dark'));
      button.dataset.themeState = theme;
    }
  };
  const apply = (theme: Theme) => {
    html.dataset.theme = theme;
    show();
  };
  for (const button of switches) {
    button.addEventListener('click', () => {
      const next: Theme = effective() === 'dark' ? 'light' : 'dark';
      writeTheme(next);
      apply(next);
      emitAppEvent({ type: 'toggle-theme', theme: next }, { crossTab: true });
    });
  }
  onAppEvent('toggle-theme', (event, origin) => {
    if (origin === 'other-tab') apply(event.theme);
  });
  system.addEventListener('change', show);
  show();
}
