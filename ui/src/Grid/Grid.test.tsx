import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Grid } from './Grid';

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => (
    <div key={i} data-testid={`item-${i}`}>
      {i}
    </div>
  ));
const columnCount = (el: HTMLElement) => getComputedStyle(el).gridTemplateColumns.split(' ').length;

describe('Grid', () => {
  it('exposes columns and gap as data attributes and lays out exactly that many columns', () => {
    render(
      <div style={{ width: 600 }}>
        <Grid data-testid="g" columns={3} gap={4}>
          {items(6)}
        </Grid>
      </div>,
    );
    const grid = screen.getByTestId('g');
    expect(grid).toHaveAttribute('data-columns', '3');
    expect(grid).toHaveAttribute('data-gap', '4');
    expect(grid).not.toHaveAttribute('data-min-item-width');
    expect(columnCount(grid)).toBe(3);
    expect(getComputedStyle(grid).columnGap).toBe('16px');
    // (600 - 2 × 16) / 3
    expect(screen.getByTestId('item-0').getBoundingClientRect().width).toBeCloseTo(189.33, 1);
  });

  it('fits as many minItemWidth columns as the width allows', () => {
    render(
      <>
        <div style={{ width: 900 }}>
          <Grid data-testid="wide" minItemWidth={200} gap={0}>
            {items(3)}
          </Grid>
        </div>
        <div style={{ width: 450 }}>
          <Grid data-testid="narrow" minItemWidth="200px" gap={0}>
            {items(3)}
          </Grid>
        </div>
        <div style={{ width: 150 }}>
          <Grid data-testid="tiny" minItemWidth={200} gap={0}>
            {items(3)}
          </Grid>
        </div>
      </>,
    );
    expect(screen.getByTestId('wide')).toHaveAttribute('data-min-item-width', '200px');
    expect(columnCount(screen.getByTestId('wide'))).toBe(4);
    expect(columnCount(screen.getByTestId('narrow'))).toBe(2);
    // Never wider than the grid: one column that shrinks to fit.
    expect(columnCount(screen.getByTestId('tiny'))).toBe(1);
    expect(screen.getByTestId('tiny').scrollWidth).toBe(150);
  });

  it('caps fluid columns at `columns` when both are given', () => {
    render(
      <>
        <div style={{ width: 1000 }}>
          <Grid data-testid="wide" columns={3} minItemWidth={160} gap={5}>
            {items(6)}
          </Grid>
        </div>
        <div style={{ width: 400 }}>
          <Grid data-testid="narrow" columns={3} minItemWidth={160} gap={5}>
            {items(6)}
          </Grid>
        </div>
      </>,
    );
    expect(columnCount(screen.getByTestId('wide'))).toBe(3);
    expect(columnCount(screen.getByTestId('narrow'))).toBe(2);
  });

  it('renders a list without bullets when as="ul"', () => {
    render(
      <Grid as="ul" columns={2}>
        <li>a</li>
        <li>b</li>
      </Grid>,
    );
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('UL');
    expect(getComputedStyle(list).listStyleType).toBe('none');
  });
});
