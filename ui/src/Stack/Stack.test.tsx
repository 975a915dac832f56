import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stack } from './Stack';

describe('Stack', () => {
  it('is a column with gap 4 by default, exposed as data attributes', () => {
    render(
      <Stack data-testid="s">
        <span>a</span>
        <span>b</span>
      </Stack>,
    );
    const stack = screen.getByTestId('s');
    expect(stack.tagName).toBe('DIV');
    expect(stack).toHaveAttribute('data-direction', 'column');
    expect(stack).toHaveAttribute('data-gap', '4');
    expect(stack).toHaveAttribute('data-align', 'stretch');
    expect(stack).toHaveAttribute('data-justify', 'start');
    expect(stack).not.toHaveAttribute('data-wrap');
    const style = getComputedStyle(stack);
    expect(style.flexDirection).toBe('column');
    expect(style.rowGap).toBe('16px');
  });

  it('maps gap steps to the space scale and lays out a row', () => {
    render(
      <Stack data-testid="s" direction="row" gap={7} justify="between" wrap>
        <span data-testid="a">a</span>
        <span data-testid="b">b</span>
      </Stack>,
    );
    const stack = screen.getByTestId('s');
    expect(stack).toHaveAttribute('data-direction', 'row');
    expect(stack).toHaveAttribute('data-align', 'center');
    expect(stack).toHaveAttribute('data-wrap');
    const style = getComputedStyle(stack);
    expect(style.columnGap).toBe('48px');
    expect(style.justifyContent).toBe('space-between');
    expect(style.flexWrap).toBe('wrap');
    expect(screen.getByTestId('a').getBoundingClientRect().top).toBe(screen.getByTestId('b').getBoundingClientRect().top);
  });

  it('renders the element from `as`, keeping list semantics without bullets', () => {
    render(
      <Stack as="ul" gap={2}>
        <li>one</li>
        <li>two</li>
      </Stack>,
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('UL');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(getComputedStyle(list).listStyleType).toBe('none');
    expect(getComputedStyle(list).paddingLeft).toBe('0px');
  });
});
