/**
 * The error pages inside the layout (SITE-PAGES): a 404 names the address and helps the visitor on
 * with a search of pages and products — a plain GET form to the catalogue of the page's language
 * with the field `q`, so it works without script in the document — and the popular pages (home,
 * catalogue, news, request form, FAQ), in English, Russian and Spanish; any other error shows the
 * Internal Server Error page without that help.
 */
import { screen, within } from '@testing-library/react';
import { data } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@studio/site/locales';
import { renderWithRelay } from '../../test/renderWithRelay';
import { POPULAR_PAGES } from './PageError';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Renders the 404 of an unknown address the way the route table's catch-all answers it (`Page not found: <path>`). */
function renderNotFound(locale: Locale = 'en') {
  return renderWithRelay(<p>never shown</p>, {
    page: 'newsItem',
    route: '/news/no-such-page',
    locale,
    loader: async ({ request }) => {
      throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404, statusText: 'Not Found' });
    },
  });
}

/** The search form, its field and the popular pages' links of the rendered 404. */
function help() {
  const form = screen.getByRole('search') as HTMLFormElement;
  const field = within(form).getByRole('searchbox') as HTMLInputElement;
  const popular = screen.getByRole('navigation', { name: screen.getByRole('heading', { level: 2, name: /popular|популярные|populares/i }).textContent ?? '' });
  const links = within(popular)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
  return { form, field, links };
}

describe('PageError', () => {
  it('answers an unknown address with the 404 page: the address, a search form and the popular pages', async () => {
    const { intl, user } = renderNotFound();

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'notFound.title' }) });
    screen.getByText('Page not found: /news/no-such-page');
    const { form, field, links } = help();
    // A plain GET to the catalogue with `q`: the browser sends it without any script.
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/products');
    expect(screen.getByRole('search', { name: 'Search pages and products' })).toBe(form);
    expect(field.name).toBe('q');
    expect(field.type).toBe('search');
    expect(field.required).toBe(true);
    expect(field.maxLength).toBe(200);
    expect(within(form).getByRole('searchbox', { name: 'Page or product name' })).toBe(field);
    expect(within(form).getByRole('button', { name: 'Search' }).getAttribute('type')).toBe('submit');
    // What the browser would send: /products?q=<what was typed>.
    await user.type(field, 'voice match');
    expect(`${form.getAttribute('action')}?${new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()}`).toBe(
      '/products?q=voice+match',
    );

    expect(links).toEqual([
      ['Home', '/'],
      ['Products', '/products'],
      ['News', '/news'],
      ['Order a project', '/order'],
      ['FAQ', '/faq'],
    ]);
    expect(links.map(([, href]) => href)).toEqual(POPULAR_PAGES.map((page) => page.to));
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it('speaks Russian under /ru: the form goes to /ru/products, the popular pages are under /ru', async () => {
    renderNotFound('ru');

    await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' });
    screen.getByText('Страница не найдена: /ru/news/no-such-page');
    const { form, field, links } = help();
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/ru/products');
    expect(field.name).toBe('q');
    screen.getByRole('heading', { level: 2, name: 'Поиск по страницам и продуктам' });
    expect(within(form).getByRole('searchbox', { name: 'Название страницы или продукта' })).toBe(field);
    within(form).getByRole('button', { name: 'Найти' });
    expect(links).toEqual([
      ['Главная', '/ru'],
      ['Продукты', '/ru/products'],
      ['Новости', '/ru/news'],
      ['Заказать проект', '/ru/order'],
      ['Вопросы и ответы', '/ru/faq'],
    ]);
    expect(screen.getByRole('link', { name: 'Вернуться на главную' }).getAttribute('href')).toBe('/ru');
  });

  it('speaks Spanish under /es: the form goes to /es/products, the popular pages are under /es', async () => {
    renderNotFound('es');

    await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' });
    screen.getByText('Página no encontrada: /es/news/no-such-page');
    const { form, field, links } = help();
    expect(form.getAttribute('action')).toBe('/es/products');
    expect(field.name).toBe('q');
    screen.getByRole('heading', { level: 2, name: 'Buscar páginas y productos' });
    expect(within(form).getByRole('searchbox', { name: 'Nombre de la página o del producto' })).toBe(field);
    within(form).getByRole('button', { name: 'Buscar' });
    expect(links).toEqual([
      ['Inicio', '/es'],
      ['Productos', '/es/products'],
      ['Noticias', '/es/news'],
      ['Encarga un proyecto', '/es/order'],
      ['Preguntas frecuentes', '/es/faq'],
    ]);
    expect(screen.getByRole('link', { name: 'Volver a la página de inicio' }).getAttribute('href')).toBe('/es');
  });

  it('offers the same help on the 404 of a known page with an unknown slug, naming the path and query', async () => {
    const { intl } = renderWithRelay(<p>never shown</p>, {
      page: 'newsItem',
      route: '/news/gone?from=mail',
      loader: async ({ request }) => {
        const url = new URL(request.url);
        throw data(`Page Not Found: ${url.pathname}${url.search}`, { status: 404, statusText: 'Not Found' });
      },
    });

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'notFound.title' }) });
    screen.getByText('Page Not Found: /news/gone?from=mail');
    expect(help().form.getAttribute('action')).toBe('/products');
  });

  it('shows the Internal Server Error page without the search or the popular pages for any other failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { intl } = renderWithRelay(<p>never shown</p>, {
      page: 'faq',
      loader: async () => {
        throw new Error('boom');
      },
    });

    await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'error.title' }) });
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.getByRole('link', { name: intl.formatMessage({ id: 'error.home' }) }).getAttribute('href')).toBe('/');
  });
});
