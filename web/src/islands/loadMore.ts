/**
 * "Load more" of the news list on the HTML-first page (SITE-DELIVERY). The link works alone (it
 * opens the list grown by a page, `?shown=12`); this island fetches that address instead, appends
 * the items the list does not have yet, takes the new status text and the next link (or none) from
 * it, and puts the address in the history entry, so a reload keeps the list. The list is
 * `aria-busy` meanwhile; when the link is gone, focus moves to the first new item's link. A failed
 * fetch falls back to following the link.
 */

/** Wires the `[data-island="load-more"]` link of `root`, if any. */
export function startLoadMoreIsland(root: Document = document): void {
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest<HTMLAnchorElement>('a[data-island="load-more"]');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void loadMore(root, link);
  });
}

/** The link's `href` of each item of `list` (what identifies an item). */
function itemKeys(list: Element): Set<string> {
  return new Set([...list.children].map((item) => item.querySelector('a')?.getAttribute('href') ?? ''));
}

async function loadMore(root: Document, link: HTMLAnchorElement): Promise<void> {
  const list = root.querySelector('[data-island="news-list"]');
  if (!list || link.getAttribute('aria-disabled') === 'true') return;
  link.setAttribute('aria-disabled', 'true');
  list.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(link.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    const nextList = next.querySelector('[data-island="news-list"]');
    if (!nextList) throw new Error('The next page has no news list');
    const known = itemKeys(list);
    const added = [...nextList.children].filter((item) => !known.has(item.querySelector('a')?.getAttribute('href') ?? ''));
    for (const item of added) list.append(root.importNode(item, true));
    const status = root.querySelector('[data-island="news-status"]');
    const nextStatus = next.querySelector('[data-island="news-status"]');
    if (status && nextStatus) status.textContent = nextStatus.textContent;
    const nextLink = next.querySelector<HTMLAnchorElement>('a[data-island="load-more"]');
    history.replaceState(history.state, '', link.href);
    if (nextLink) {
      link.href = nextLink.getAttribute('href') ?? link.href;
      link.removeAttribute('aria-disabled');
    } else {
      const firstNew = added[0] ? list.children[list.children.length - added.length]?.querySelector('a') : null;
      link.remove();
      firstNew?.focus();
    }
  } catch {
    location.assign(link.href);
  } finally {
    list.removeAttribute('aria-busy');
  }
}
