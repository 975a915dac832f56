/**
 * The profile's values edited in place (ACC-FIELDS) through /profile, as the owner uses them:
 * username and phone checked in the browser with the server's rules (the message at the field, the
 * field focused, no `updateUser` sent), a username the server says is taken (USERNAME_TAKEN at the
 * field, the typed value kept), an unreachable server, a saved value ("saved", the focus back on
 * Edit), a phone number typed with spaces and brackets (sent in E.164 with the page's country,
 * shown internationally) and the phone's message in Russian and Spanish (SITE-LOCALES, ACC-FIELDS).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, failNetwork, fieldMessage, fill, labelled, mutationsSent } from '../../test/forms';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { ProfilePage } from './ProfilePage';

/** /profile with Anna's record loaded, in `locale`. */
async function renderProfile(locale: 'en' | 'ru' | 'es' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers());
  const rendered = renderWithRelay(<ProfilePage />, { environment, page: 'profile', signedIn: true, locale });
  await screen.findByTestId('profile-username');
  return rendered;
}

/** Opens the in-place editor of the field labelled `label`; answers its input (focused). */
async function edit(rendered: Awaited<ReturnType<typeof renderProfile>>, label: string) {
  const { user, intl } = rendered;
  // Found by its accessible label (a role query over the whole profile costs ~50 ms each in jsdom).
  await user.click(screen.getByLabelText(intl.formatMessage({ id: 'profile.inline.editLabel' }, { field: label })));
  const input = labelled(label);
  await waitFor(() => expect(document.activeElement).toBe(input));
  return input;
}

describe('InlineEditField on /profile', () => {
  it('checks a username in the browser: the rule’s message at the field, focused, and no updateUser', async () => {
    const rendered = await renderProfile();
    const { environment, user, intl } = rendered;
    const input = await edit(rendered, intl.formatMessage({ id: 'profile.username' }));
    expect((input as HTMLInputElement).value).toBe('anna.petrova');

    await fill(user, input, '-anna');
    await user.click(within((input as HTMLInputElement).form!).getByRole('button', { name: intl.formatMessage({ id: 'profile.inline.save' }) }));

    expect(fieldMessage(input)).toContain(intl.formatMessage({ id: 'profile.username.error.start' }));
    expect(document.activeElement).toBe(input);
    expect(mutationsSent(environment)).toEqual([]);

    await fill(user, input, 'an');
    await user.keyboard('{Enter}');
    expect(fieldMessage(input)).toContain(intl.formatMessage({ id: 'profile.field.error.tooShort' }, { min: 3 }));
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('shows a username the server says is taken (USERNAME_TAKEN) at the field, focused, with the typed value kept', async () => {
    const rendered = await renderProfile();
    const { environment, user, intl } = rendered;
    const input = await edit(rendered, intl.formatMessage({ id: 'profile.username' }));

    await fill(user, input, 'Maria');
    await user.keyboard('{Enter}');
    // Sent as the server stores it: lower-cased.
    expect(mutationsSent(environment)).toEqual([{ name: 'ProfileCardUsernameMutation', variables: { id: 'VXNlcjox', username: 'maria' } }]);
    expect(within((input as HTMLInputElement).form!).getByRole('button', { name: intl.formatMessage({ id: 'profile.inline.saving' }) })).toBeTruthy();

    await answerError(environment, 'USERNAME_TAKEN', 'username: this username is already taken', { field: 'username' });

    await waitFor(() => expect(fieldMessage(input)).toContain(intl.formatMessage({ id: 'profile.username.error.taken' })));
    expect(document.activeElement).toBe(input);
    expect((input as HTMLInputElement).value).toBe('Maria');
    expect(screen.queryByText(intl.formatMessage({ id: 'profile.inline.saved' }, { field: intl.formatMessage({ id: 'profile.username' }) }))).toBeNull();
  });

  it('says the server could not be reached at the field, and keeps the editor open', async () => {
    const rendered = await renderProfile();
    const { environment, user, intl } = rendered;
    const input = await edit(rendered, intl.formatMessage({ id: 'profile.username' }));
    await fill(user, input, 'anna.p');
    await user.keyboard('{Enter}');

    await failNetwork(environment);

    await waitFor(() => expect(fieldMessage(input)).toContain(intl.formatMessage({ id: 'error.NETWORK' })));
    expect((input as HTMLInputElement).value).toBe('anna.p');
  });

  it('checks a phone number in the browser and sends nothing when it is none', async () => {
    const rendered = await renderProfile();
    const { environment, user, intl } = rendered;
    const input = await edit(rendered, intl.formatMessage({ id: 'profile.phone' }));

    await fill(user, input, '+1 415 555');
    await user.keyboard('{Enter}');

    expect(fieldMessage(input)).toContain(intl.formatMessage({ id: 'profile.phone.error.format' }));
    expect(document.activeElement).toBe(input);
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('saves a number typed with spaces: E.164 sent with the page’s country, "saved", shown internationally, the focus back on Edit', async () => {
    const rendered = await renderProfile();
    const { environment, user, intl } = rendered;
    const label = intl.formatMessage({ id: 'profile.phone' });
    const input = await edit(rendered, label);

    await fill(user, input, ' +351 912 345 678 ');
    await user.keyboard('{Enter}');
    expect(mutationsSent(environment)).toMatchObject([
      { name: 'AboutBlockUpdateMutation', variables: { id: 'VXNlcjox', phone: '+351912345678', phoneCountry: 'US' } },
    ]);

    await resolveOperation(environment, viewerResolvers({ phone: '+351912345678' }));

    expect(screen.getByTestId('profile-phone').textContent).toBe('+351 912 345 678');
    expect(screen.getByText(intl.formatMessage({ id: 'profile.inline.saved' }, { field: label }))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(intl.formatMessage({ id: 'profile.inline.editLabel' }, { field: label }))));
  });

  it('reads a national number in the country of the page under /ru and says what is wrong in Russian', async () => {
    const rendered = await renderProfile('ru');
    const { environment, user } = rendered;
    const input = await edit(rendered, 'Телефон');

    await fill(user, input, '8 (912) 345-6');
    await user.click(within((input as HTMLInputElement).form!).getByRole('button', { name: 'Сохранить' }));
    expect(fieldMessage(input)).toContain(rendered.intl.formatMessage({ id: 'profile.phone.error.format' }));
    expect(fieldMessage(input)).toMatch(/^Это не похоже на номер телефона/);
    expect(mutationsSent(environment)).toEqual([]);

    await fill(user, input, '8 (912) 345-67-89');
    await user.click(within((input as HTMLInputElement).form!).getByRole('button', { name: 'Сохранить' }));
    expect(mutationsSent(environment)).toMatchObject([{ name: 'AboutBlockUpdateMutation', variables: { phone: '+79123456789', phoneCountry: 'RU' } }]);
  });

  it('says what is wrong with a phone number in Spanish under /es', async () => {
    const rendered = await renderProfile('es');
    const { environment, user } = rendered;
    const input = await edit(rendered, 'Teléfono');

    await fill(user, input, 'teléfono');
    await user.keyboard('{Enter}');
    expect(fieldMessage(input)).toMatch(/^Esto no parece un número de teléfono/);
    expect(mutationsSent(environment)).toEqual([]);
  });
});
