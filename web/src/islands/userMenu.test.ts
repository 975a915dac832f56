/**
 * The document's user menu without React (NAV-USER-MENU): the button toggles `aria-expanded` and the
 * list, Escape closes it and returns focus to the button, a click outside closes it, and the
 * viewer's name, initials and role fill it in (the back office only for administrators).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fillMenu, startUserMenus } from './userMenu';

const MARKUP = `
  <div data-user-menu="">
    <button type="button" aria-expanded="false" aria-controls="user-menu-panel"><span data-user-initial="">A</span><span data-user-name="">Account</span></button>
    <ul id="user-menu-panel" hidden>
      <li data-user-label=""></li>
      <li><a href="/profile">Profile</a></li>
      <li hidden data-admin-only=""><a href="/admin">Back office</a></li>
      <li><button type="button" data-action="sign-out">Sign out</button></li>
    </ul>
  </div>
  <a href="/elsewhere" id="outside">Elsewhere</a>`;

function setUp() {
  document.body.innerHTML = MARKUP;
  startUserMenus(document, false);
  return {
    button: document.querySelector<HTMLButtonElement>('[aria-controls]')!,
    panel: document.getElementById('user-menu-panel')!,
    profile: document.querySelector<HTMLAnchorElement>('a[href="/profile"]')!,
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('document user menu', () => {
  it('opens and closes with the button; Escape closes it and returns focus to the button', () => {
    const { button, panel, profile } = setUp();
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);

    profile.focus();
    profile.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);

    button.click();
    button.click();
    expect(panel.hidden).toBe(true);
  });

  it('closes on a click outside', () => {
    const { button, panel } = setUp();
    button.click();
    document.getElementById('outside')!.click();
    expect(panel.hidden).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the name and initials, and the back office only to administrators', () => {
    setUp();
    fillMenu(document, { fullName: 'Анна Петрова', role: 'USER', imageUrl: null });
    expect(document.querySelector('[data-user-name]')!.textContent).toBe('Анна Петрова');
    expect(document.querySelector('[data-user-initial]')!.textContent).toBe('АП');
    expect(document.querySelector<HTMLElement>('[data-admin-only]')!.hidden).toBe(true);

    fillMenu(document, { fullName: 'Ada', role: 'ADMIN', imageUrl: '/api/uploads/x-128.webp' });
    expect(document.querySelector<HTMLElement>('[data-admin-only]')!.hidden).toBe(false);
    const image = document.querySelector<HTMLImageElement>('[data-user-initial] img')!;
    expect(image.getAttribute('src')).toBe('/api/uploads/x-128.webp');
    expect(image.alt).toBe('');
  });
});
