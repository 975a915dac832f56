/**
 * The product texts editor /admin/products/:slug (ADMIN-AREA, ADMIN-CONCURRENCY): the three
 * languages side by side, saving every language with the version loaded, a conflict, and the
 * preview through the public product page's component.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, fieldMessage, fill, labelled, mutationsSent } from '../../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../../test/renderWithRelay';
import { ProductEditorPage } from './ProductEditorPage';

const PRODUCT = {
  id: 'UHJvZHVjdDox',
  slug: 'voice-match',
  version: 3,
  technologies: ['Python'],
  year: 2023,
  visual: { motif: 'wave', hue: 210 },
  nameEn: 'Voice Match',
  taglineEn: 'Find the voice.',
  descriptionEn: ['One.', 'Two.'],
  featuresEn: ['Fast', 'Accurate'],
  nameRu: 'Voice Match',
  taglineRu: 'Найдите голос.',
  descriptionRu: ['Один.'],
  featuresRu: ['Быстро'],
  nameEs: 'Voice Match',
  taglineEs: 'Encuentre la voz.',
  descriptionEs: ['Uno.'],
  featuresEs: ['Rápido'],
  news: [],
};

function renderEditor() {
  const environment = createTestEnvironment();
  queueResolvers(environment, { Product: () => PRODUCT });
  return renderWithRelay(<ProductEditorPage />, {
    environment,
    page: 'adminProduct',
    route: '/admin/products/voice-match',
    signedIn: true,
    viewerRole: 'ADMIN',
  });
}

describe('ProductEditorPage', () => {
  it('sends every language with the version loaded, then the version answered', async () => {
    const { user, environment } = renderEditor();
    await screen.findByRole('region', { name: 'Español' });
    expect(labelled('Features, one a line (English)')).toHaveProperty('value', 'Fast\nAccurate');

    await fill(user, labelled('Tagline (Russian)'), 'Найдите свой голос.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const [save] = mutationsSent(environment);
    expect(save).toEqual({
      name: 'ProductEditorFormUpdateMutation',
      variables: {
        id: PRODUCT.id,
        version: 3,
        texts: [
          { locale: 'EN', name: 'Voice Match', tagline: 'Find the voice.', description: ['One.', 'Two.'], features: ['Fast', 'Accurate'] },
          { locale: 'RU', name: 'Voice Match', tagline: 'Найдите свой голос.', description: ['Один.'], features: ['Быстро'] },
          { locale: 'ES', name: 'Voice Match', tagline: 'Encuentre la voz.', description: ['Uno.'], features: ['Rápido'] },
        ],
      },
    });
    await resolveOperation(environment, { Product: () => ({ ...PRODUCT, version: 4, taglineRu: 'Найдите свой голос.' }) });
    await screen.findByText('Saved.');

    await fill(user, labelled('Name (Spanish)'), 'Voice Match ES');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(mutationsSent(environment)[1]?.variables['version']).toBe(4);
    await answerError(environment, 'VERSION_CONFLICT', 'This was changed since you opened it; reload to see the changes.', { field: 'version' });
    await screen.findByText('This was changed since you opened it. Reload to see the changes.');
  });

  it('names an incomplete language and sends nothing', async () => {
    const { user, environment } = renderEditor();
    await screen.findByRole('region', { name: 'Español' });

    await fill(user, labelled('Description (Spanish)'), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('The texts in Spanish are missing or incomplete. Every language must be filled in.');
    expect(fieldMessage(labelled('Description (Spanish)'))).toMatch(/^Please fill in this field\./);
    expect(mutationsSent(environment)).toEqual([]);
  });

  it('previews the typed texts through the public product page component', async () => {
    const { user } = renderEditor();
    await screen.findByRole('region', { name: 'Español' });

    await fill(user, labelled('Features, one a line (Spanish)'), 'Rápido\nPreciso');
    await user.click(screen.getByRole('tab', { name: 'Español' }));

    const preview = screen.getByTestId('preview-es');
    within(preview).getByRole('heading', { level: 2, name: 'Voice Match' });
    within(preview).getByText('Encuentre la voz.');
    const features = within(preview).getByRole('region', { name: 'What it does' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rápido', 'Preciso']);
  });
});
