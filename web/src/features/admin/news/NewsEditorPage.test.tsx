/**
 * The news editor /admin/news/:id (ADMIN-AREA, ADMIN-CONCURRENCY): the three languages side by side,
 * the browser's checks, saving with the version loaded (and the next save with the answered one),
 * "changed since you opened it" with Reload, publishing refused for an incomplete language, delete
 * behind a confirmation, and the preview through the public page's component.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, fieldMessage, fill, labelled, mutationsSent } from '../../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { NewsEditorPage } from './NewsEditorPage';

const ID = 'TmV3c0l0ZW06NDI';

const ITEM = {
  id: ID,
  version: 7,
  published: null,
  isPublished: false,
  updated: '2026-11-20T10:00:00.000Z',
  titleEn: 'Voice Match 3 is out',
  summaryEn: 'Faster matching.',
  bodyEn: ['First paragraph.', 'Second paragraph.'],
  titleRu: 'Вышел Voice Match 3',
  summaryRu: 'Быстрее.',
  bodyRu: ['Первый абзац.'],
  titleEs: 'Sale Voice Match 3',
  summaryEs: 'Más rápido.',
  bodyEs: ['Primer párrafo.'],
  product: { slug: 'voice-match' },
};

const PRODUCTS = { ProductConnection: () => ({ edges: [{ node: { id: 'UHJvZHVjdDox', slug: 'voice-match', name: 'Voice Match' } }] }) };

function renderEditor(id = ID, item: Record<string, unknown> | null = ITEM) {
  const environment = createTestEnvironment();
  queueResolvers(environment, { ...PRODUCTS, Query: () => ({ newsItem: item }), NewsItem: () => item ?? {} });
  return renderWithRelay(<NewsEditorPage />, { environment, page: 'adminNewsItem', route: `/admin/news/${id}`, signedIn: true, viewerRole: 'ADMIN' });
}

/** Answers the pending mutation with the item at `version`. */
async function answerItem(environment: ReturnType<typeof createTestEnvironment>, version: number, extra: Record<string, unknown> = {}) {
  await resolveOperation(environment, { NewsItem: () => ({ ...ITEM, version, ...extra }) });
}

describe('NewsEditorPage', () => {
  it('shows the three languages side by side with the texts loaded', async () => {
    renderEditor();

    await screen.findByRole('region', { name: 'English' });
    screen.getByRole('region', { name: 'Русский' });
    screen.getByRole('region', { name: 'Español' });
    expect(labelled('Title (English)')).toHaveProperty('value', ITEM.titleEn);
    expect(labelled('Title (Russian)')).toHaveProperty('value', ITEM.titleRu);
    expect(labelled('Text (English)')).toHaveProperty('value', 'First paragraph.\n\nSecond paragraph.');
    expect(labelled('Summary (Spanish)')).toHaveProperty('value', ITEM.summaryEs);
    expect(labelled('Product')).toHaveProperty('value', 'voice-match');
    screen.getByText('Draft');
  });

  it('checks the fields before sending anything', async () => {
    const { user, environment } = renderEditor();
    await screen.findByRole('region', { name: 'English' });

    await fill(user, labelled('Title (Russian)'), '');
    await fill(user, labelled('Title (Spanish)'), 'x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(fieldMessage(labelled('Title (Russian)'))).toMatch(/^Please fill in this field\./);
    expect(fieldMessage(labelled('Title (Spanish)'))).toMatch(/^Use at most 200 characters\./);
    expect(fieldMessage(labelled('Title (English)'))).toBeNull();
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('saves every language with the version loaded, then with the version answered', async () => {
    const { user, environment } = renderEditor();
    await screen.findByRole('region', { name: 'English' });

    await fill(user, labelled('Title (English)'), 'Voice Match 3 is here');
    screen.getByText('Unsaved changes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const [first] = mutationsSent(environment);
    expect(first?.name).toBe('newsMutationsUpdateMutation');
    expect(first?.variables).toMatchObject({ id: ID, version: 7, productSlug: 'voice-match' });
    expect(first?.variables['texts']).toEqual([
      { locale: 'EN', title: 'Voice Match 3 is here', summary: ITEM.summaryEn, body: ITEM.bodyEn },
      { locale: 'RU', title: ITEM.titleRu, summary: ITEM.summaryRu, body: ITEM.bodyRu },
      { locale: 'ES', title: ITEM.titleEs, summary: ITEM.summaryEs, body: ITEM.bodyEs },
    ]);
    await answerItem(environment, 8, { titleEn: 'Voice Match 3 is here' });
    await screen.findByText('Saved.');

    await fill(user, labelled('Summary (English)'), 'Even faster matching.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(mutationsSent(environment)[1]?.variables['version']).toBe(8);
  });

  it('says "changed since you opened it" on a conflict and reloads after confirming', async () => {
    const { user, environment } = renderEditor();
    await screen.findByRole('region', { name: 'English' });

    await fill(user, labelled('Title (English)'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await answerError(environment, 'VERSION_CONFLICT', 'This was changed since you opened it; reload to see the changes.', { field: 'version' });

    const alert = await screen.findByText('This was changed since you opened it. Reload to see the changes.');
    expect(labelled('Title (English)')).toHaveProperty('value', 'Mine');
    await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    queueResolvers(environment, { ...PRODUCTS, NewsItem: () => ({ ...ITEM, version: 9, titleEn: 'Theirs' }) });
    await user.click(within(dialog).getByRole('button', { name: 'Discard and reload' }));

    await waitFor(() => expect(labelled('Title (English)')).toHaveProperty('value', 'Theirs'));
    await fill(user, labelled('Title (English)'), 'Mine again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(mutationsSent(environment).at(-1)?.variables['version']).toBe(9);
  });

  it('refuses to publish while a language is incomplete, naming it', async () => {
    const { user, environment } = renderEditor('new', null);
    await screen.findByRole('region', { name: 'English' });

    await fill(user, labelled('Title (English)'), 'Hello');
    await fill(user, labelled('Summary (English)'), 'Hi.');
    await fill(user, labelled('Text (English)'), 'One.\n\nTwo.');
    await fill(user, labelled('Title (Spanish)'), 'Hola');
    await fill(user, labelled('Summary (Spanish)'), 'Hola.');
    await fill(user, labelled('Text (Spanish)'), 'Uno.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    await screen.findByText('The texts in Russian are missing or incomplete. Every language must be filled in.');
    expect(fieldMessage(labelled('Title (Russian)'))).toMatch(/^Please fill in this field\./);
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('shows the server refusing to publish for a missing language', async () => {
    const { user, environment } = renderEditor();
    await screen.findByRole('region', { name: 'English' });

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(mutationsSent(environment)[0]).toMatchObject({ name: 'newsMutationsPublishMutation', variables: { id: ID, published: true, version: 7 } });
    await answerError(environment, 'TRANSLATION_MISSING', 'texts.es: the Spanish text is missing or incomplete', { field: 'texts.es' });
    await screen.findByText('The texts in Spanish are missing or incomplete. Every language must be filled in.');
  });

  it('deletes only after a confirmation naming the title, then goes back to the list', async () => {
    const { user, environment } = renderEditor();
    await screen.findByRole('region', { name: 'English' });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Delete “${ITEM.titleEn}”?` });
    expect(mutationsSent(environment)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete item' }));
    expect(mutationsSent(environment)[0]).toEqual({ name: 'newsMutationsDeleteMutation', variables: { id: ID, version: 7 } });
    await resolveOperation(environment, { DeleteNewsItemPayload: () => ({ id: ID }) });

    expect((await screen.findByTestId('location')).textContent).toBe('/admin/news');
  });

  it('previews the typed texts through the public news page component', async () => {
    const { user } = renderEditor();
    await screen.findByRole('region', { name: 'English' });

    await fill(user, labelled('Title (Russian)'), 'Новый заголовок');
    await fill(user, labelled('Text (Russian)'), 'Абзац один.\n\nАбзац два.');
    await user.click(screen.getByRole('tab', { name: 'Русский' }));

    const preview = screen.getByTestId('preview-ru');
    within(preview).getByRole('heading', { level: 2, name: 'Новый заголовок' });
    within(preview).getByText('Абзац один.');
    within(preview).getByText('Абзац два.');
    expect(within(preview).getByRole('link', { name: 'Voice Match' }).getAttribute('href')).toBe('/products/voice-match');
  });

  it('creates a new item with every language and opens its address', async () => {
    const { user, environment, router } = renderEditor('new', null);
    await screen.findByRole('region', { name: 'English' });

    for (const [language, suffix] of [
      ['English', 'en'],
      ['Russian', 'ru'],
      ['Spanish', 'es'],
    ] as const) {
      await fill(user, labelled(`Title (${language})`), `Title ${suffix}`);
      await fill(user, labelled(`Summary (${language})`), `Summary ${suffix}`);
      await fill(user, labelled(`Text (${language})`), `Body ${suffix}`);
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const [create] = mutationsSent(environment);
    expect(create).toMatchObject({ name: 'newsMutationsCreateMutation', variables: { productSlug: null } });
    expect((create?.variables['texts'] as { locale: string }[]).map((t) => t.locale)).toEqual(['EN', 'RU', 'ES']);
    queueResolvers(environment, { ...PRODUCTS, NewsItem: () => ({ ...ITEM, id: 'TmV3c0l0ZW06NDM', version: 1 }) });
    await resolveOperation(environment, { NewsItem: () => ({ ...ITEM, id: 'TmV3c0l0ZW06NDM', version: 1 }) });

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/news/TmV3c0l0ZW06NDM'));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Edit news item']));
    expect(labelled('Title (Spanish)')).toHaveProperty('value', ITEM.titleEs);
    screen.getByText('Saved.');
  });

  it('asks before leaving with unsaved changes, and stays on "Keep editing"', async () => {
    const { user, router } = renderEditor();
    await screen.findByRole('region', { name: 'English' });

    await fill(user, labelled('Title (English)'), 'Half-written');
    await user.click(screen.getByRole('link', { name: 'Products' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe(`/admin/news/${ID}`);
    expect(labelled('Title (English)')).toHaveProperty('value', 'Half-written');

    await user.click(screen.getByRole('link', { name: 'Products' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products'));
  });
});
