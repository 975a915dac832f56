/**
 * /profile/change-name (ACC-FIELDS) as the owner uses it: the name checked in the browser (the
 * message at the field, focused, no `updateUser`), any refusal of the server as the form's
 * focused alert with the typed name kept, a saved name back on /profile, and the form in Russian
 * (SITE-LOCALES).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, failNetwork, fieldMessage, fill, labelled, mutationsSent } from '../../test/forms';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { ChangeNamePage } from './ChangeNamePage';

/** The page with Anna's record loaded; answers the rendered page and the name field. */
async function renderChangeName(locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers());
  const rendered = renderWithRelay(<ChangeNamePage />, { environment, page: 'profileChangeName', signedIn: true, locale, toasts: true });
  const label = rendered.intl.formatMessage({ id: 'profile.changeName.label' });
  await waitFor(() => expect((labelled(label) as HTMLInputElement).value).toBe('Anna Petrova'));
  const submit = () => rendered.user.click(screen.getByRole('button', { name: rendered.intl.formatMessage({ id: 'profile.changeName.submit' }) }));
  return { ...rendered, input: labelled(label), submit };
}

describe('ChangeNamePage form', () => {
  it('asks for a name in the browser: the message at the field, focused, and no updateUser', async () => {
    const { environment, user, intl, input, submit } = await renderChangeName();

    await fill(user, input, '   ');
    await submit();

    expect(fieldMessage(input)).toBe(intl.formatMessage({ id: 'validation.required' }));
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('shows a refusal of the server as the form’s focused alert and keeps the typed name', async () => {
    const { environment, user, intl, input, submit } = await renderChangeName();
    await fill(user, input, 'Anna Maria Petrova');
    await submit();
    expect(mutationsSent(environment)).toEqual([{ name: 'ChangeNamePageMutation', variables: { id: 'VXNlcjox', fullName: 'Anna Maria Petrova' } }]);

    await answerError(environment, 'BAD_USER_INPUT', 'fullName: Use at most 100 characters.', { field: 'fullName' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'profile.changeName.error' }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((input as HTMLInputElement).value).toBe('Anna Maria Petrova');
  });

  it('goes back to the profile once the name is saved', async () => {
    const { environment, user, input, submit } = await renderChangeName();
    await fill(user, input, '  Anna Maria Petrova ');
    await submit();
    // Trimmed, as the server stores it.
    expect(mutationsSent(environment)[0]?.variables).toEqual({ id: 'VXNlcjox', fullName: 'Anna Maria Petrova' });

    await resolveOperation(environment, viewerResolvers({ fullName: 'Anna Maria Petrova' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    // FEEDBACK-TOAST: the app's toast says so on the next page.
    expect(await screen.findByText('Your name has been changed')).toBeTruthy();
  });

  it('speaks Russian under /ru', async () => {
    const { environment, user, input, submit } = await renderChangeName('ru');
    await fill(user, input, 'Анна Петрова');
    await submit();

    await failNetwork(environment);

    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось сохранить имя. Попробуйте ещё раз.');
    expect((input as HTMLInputElement).value).toBe('Анна Петрова');
  });
});
