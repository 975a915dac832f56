/**
 * Focus after a client-side navigation (A11Y-FOCUS): the new page's h1 gets focus (made focusable
 * with tabIndex -1), also when it appears only after loading; a change of query alone, the first
 * render and a page that focused its own field leave focus alone.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, Outlet, createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useRouteFocus } from './routeFocus';

function Layout() {
  useRouteFocus();
  return (
    <>
      <nav>
        <Link to="/a">A</Link> <Link to="/b">B</Link> <Link to="/a?x=1">A with query</Link> <Link to="/slow">Slow</Link> <Link to="/form">Form</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading comes with its data, a moment after it mounts (as under a page's own Suspense). */
function Slow() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Slow page</h1> : <p>Loading</p>;
}

function Form() {
  return (
    <>
      <h1>Form page</h1>
      <input aria-label="Field" ref={(input) => input?.focus()} />
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/a', element: <h1>Page A</h1> },
          { path: '/b', element: <h1>Page B</h1> },
          { path: '/slow', element: <Slow /> },
          { path: '/form', element: <Form /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

afterEach(cleanup);

describe('useRouteFocus', () => {
  it('leaves focus alone on the first render, then focuses the new heading after each navigation', async () => {
    const user = renderApp();
    await screen.findByRole('heading', { name: 'Page A' });
    expect(document.activeElement).toBe(document.body);

    await user.click(screen.getByRole('link', { name: 'B' }));
    const heading = await screen.findByRole('heading', { name: 'Page B' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);

    await user.click(screen.getByRole('link', { name: 'A with query' }));
    await screen.findByRole('heading', { name: 'Page A' });
    const link = screen.getByRole('link', { name: 'A with query' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Page A' })));
    link.focus();
    await user.click(screen.getByRole('link', { name: 'A' }));
    // Same path, another query: focus stays where it was.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'A' }));
  });

  it('waits for a heading that appears after loading', async () => {
    const user = renderApp();
    await screen.findByRole('heading', { name: 'Page A' });
    await user.click(screen.getByRole('link', { name: 'Slow' }));
    await screen.findByText('Loading');
    const heading = await screen.findByRole('heading', { name: 'Slow page' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('keeps the focus a page gave its own field', async () => {
    const user = renderApp();
    await screen.findByRole('heading', { name: 'Page A' });
    await user.click(screen.getByRole('link', { name: 'Form' }));
    const field = await screen.findByRole('textbox', { name: 'Field' });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});
