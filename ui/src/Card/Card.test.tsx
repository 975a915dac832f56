import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Card, CardBody, CardFooter, CardHeader } from './Card';

describe('Card', () => {
  it('is a plain, non-interactive surface by default', () => {
    render(<Card data-testid="card">Hello</Card>);
    const card = screen.getByTestId('card');
    expect(card.tagName).toBe('DIV');
    expect(card).toHaveAttribute('data-padding', 'md');
    expect(card).not.toHaveAttribute('data-interactive');
    expect(getComputedStyle(card).borderTopWidth).toBe('1px');
  });

  it('becomes one whole-card link with asChild, reachable and followed from the keyboard', async () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <Card asChild interactive>
        <a href="/products/sync" onClick={onClick}>
          <CardHeader>Inventory Sync</CardHeader>
          <CardBody>Keeps stock in step.</CardBody>
          <CardFooter>from €490</CardFooter>
        </a>
      </Card>,
    );
    const link = screen.getByRole('link', { name: /Inventory Sync/ });
    expect(link).toHaveAttribute('data-interactive');
    await userEvent.keyboard('{Tab}');
    expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('lifts an interactive card on hover', async () => {
    render(
      <Card asChild interactive>
        <a href="#x">Hover me</a>
      </Card>,
    );
    const link = screen.getByRole('link', { name: 'Hover me' });
    const before = getComputedStyle(link).boxShadow;
    await userEvent.hover(link);
    await expect.poll(() => getComputedStyle(link).boxShadow).not.toBe(before);
  });

  it('pins the footer to the bottom of a tall card', () => {
    render(
      <Card style={{ height: 400 }} data-testid="card">
        <CardHeader>Title</CardHeader>
        <CardFooter data-testid="footer">Footer</CardFooter>
      </Card>,
    );
    const card = screen.getByTestId('card').getBoundingClientRect();
    const footer = screen.getByTestId('footer').getBoundingClientRect();
    // 24 px padding + 1 px border under the footer.
    expect(Math.round(card.bottom - footer.bottom)).toBe(25);
  });
});
