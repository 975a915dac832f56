import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_TEXTS_ID, readUpdateTexts, showUpdatePrompt } from './prompt';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the update prompt (SITE-SW)', () => {
  it('reads its texts from the page data block, English when there is none or it is malformed', () => {
    expect(readUpdateTexts()).toEqual({ message: 'A new version is available.', reload: 'Reload' });
    document.body.innerHTML = `<script id="${UPDATE_TEXTS_ID}" type="application/json">{"message":"Доступна новая версия.","reload":"Обновить"}</script>`;
    expect(readUpdateTexts()).toEqual({ message: 'Доступна новая версия.', reload: 'Обновить' });
    document.body.innerHTML = `<script id="${UPDATE_TEXTS_ID}" type="application/json">{"message":1}</script>`;
    expect(readUpdateTexts().reload).toBe('Reload');
  });

  it('is a status region with a button, shown once, that sends Reload once (keyboard too)', () => {
    const onReload = vi.fn();
    const region = showUpdatePrompt({ message: 'Hay una nueva versión disponible.', reload: 'Recargar' }, onReload);
    expect(showUpdatePrompt({ message: 'x', reload: 'y' }, onReload)).toBe(region);
    expect(document.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(region.textContent).toContain('Hay una nueva versión disponible.');
    const button = region.querySelector('button')!;
    expect(button.type).toBe('button');
    expect(button.textContent).toBe('Recargar');
    button.focus();
    expect(document.activeElement).toBe(button);
    button.click();
    button.click();
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
  });
});
