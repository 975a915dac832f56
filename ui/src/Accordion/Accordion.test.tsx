import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Accordion, type AccordionItemData } from './Accordion';

const items: AccordionItemData[] = [
  { id: 'a', question: 'First question', answer: 'First answer' },
  { id: 'b', question: 'Second question', answer: 'Second answer' },
  { id: 'c', question: 'Disabled question', answer: 'Never shown', disabled: true },
  { id: 'd', question: 'Last question', answer: 'Last answer' },
];
const trigger = (name: string) => screen.getByRole('button', { name });

describe('Accordion', () => {
  it('puts each trigger in an h3 by default, or in the given heading level', () => {
    const { unmount } = render(<Accordion items={items} />);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 3, name: 'First question' })).toContainElement(trigger('First question'));
    unmount();
    render(<Accordion items={items} headingLevel={2} />);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
  });

  it('moves between triggers with ArrowDown/ArrowUp and Home/End, skipping disabled ones', async () => {
    render(<Accordion items={items} />);
    await userEvent.keyboard('{Tab}');
    expect(trigger('First question')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(trigger('Second question')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(trigger('Last question')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(trigger('Second question')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(trigger('Last question')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(trigger('First question')).toHaveFocus();
  });

  it('toggles with Enter and Space; the answer is a region labelled by its question', async () => {
    const onValueChange = vi.fn();
    render(<Accordion items={items} onValueChange={onValueChange} />);
    expect(screen.queryByText('First answer')).not.toBeInTheDocument();
    trigger('First question').focus();
    await userEvent.keyboard('{Enter}');
    expect(trigger('First question')).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'First question' });
    expect(region).toHaveTextContent('First answer');
    expect(trigger('First question')).toHaveAttribute('aria-controls', region.id);
    await userEvent.keyboard(' ');
    expect(trigger('First question')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('First answer')).not.toBeInTheDocument();
    expect(onValueChange.mock.calls).toEqual([['a'], ['']]);
  });

  it('single mode keeps one answer open; multiple mode keeps several', async () => {
    const { unmount } = render(<Accordion items={items} defaultValue="a" />);
    expect(screen.getByText('First answer')).toBeVisible();
    await userEvent.click(trigger('Second question'));
    expect(screen.getByText('Second answer')).toBeVisible();
    expect(screen.queryByText('First answer')).not.toBeInTheDocument();
    unmount();
    render(<Accordion items={items} type="multiple" defaultValue={['a']} />);
    await userEvent.click(trigger('Second question'));
    expect(screen.getByText('First answer')).toBeVisible();
    expect(screen.getByText('Second answer')).toBeVisible();
  });

  it('does not open disabled items', async () => {
    render(<Accordion items={items} />);
    expect(trigger('Disabled question')).toBeDisabled();
    await userEvent.click(trigger('Disabled question'), { force: true });
    expect(trigger('Disabled question')).toHaveAttribute('aria-expanded', 'false');
  });

  it('rotates the chevron only through CSS on the open state (no transition under reduced motion)', async () => {
    render(<Accordion items={items} />);
    const chevron = trigger('First question').querySelector('svg')!;
    expect(chevron).toHaveAttribute('aria-hidden', 'true');
    expect(getComputedStyle(chevron).transform).toBe('none');
    await userEvent.click(trigger('First question'));
    // rotate(180deg) as a matrix, applied at once: the duration tokens are 0 under reduced motion.
    expect(getComputedStyle(chevron).transform).toBe('matrix(-1, 0, 0, -1, 0, 0)');
    expect(getComputedStyle(chevron).transitionDuration).toBe('0s');
  });
});
