import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Container } from './Container';

describe('Container', () => {
  it('centres its content at the wide width by default', () => {
    render(
      <div style={{ width: 1000 }}>
        <Container data-testid="c">content</Container>
      </div>,
    );
    const container = screen.getByTestId('c');
    expect(container).toHaveAttribute('data-size', 'wide');
    expect(container.getBoundingClientRect().width).toBe(1000);
    expect(getComputedStyle(container).paddingLeft).toBe('24px');
  });

  it('caps the narrow size and centres it', () => {
    render(
      <div style={{ width: 1000 }} data-testid="page">
        <Container size="narrow" data-testid="c">
          content
        </Container>
      </div>,
    );
    const page = screen.getByTestId('page').getBoundingClientRect();
    const box = screen.getByTestId('c').getBoundingClientRect();
    expect(box.width).toBe(560);
    expect(box.left - page.left).toBe(page.right - box.right);
  });
});
