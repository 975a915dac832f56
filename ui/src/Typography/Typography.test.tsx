import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Eyebrow, Heading, Text } from './Typography';

const fontSize = (el: HTMLElement) => parseFloat(getComputedStyle(el).fontSize);

describe('Heading', () => {
  it('renders the element of its level with a default size per level', () => {
    render(
      <>
        <Heading level={1}>One</Heading>
        <Heading level={4}>Four</Heading>
      </>,
    );
    const h1 = screen.getByRole('heading', { level: 1, name: 'One' });
    const h4 = screen.getByRole('heading', { level: 4, name: 'Four' });
    expect(h1.tagName).toBe('H1');
    expect(h1).toHaveAttribute('data-size', '3xl');
    expect(h4.tagName).toBe('H4');
    expect(h4).toHaveAttribute('data-size', 'lg');
    expect(fontSize(h1)).toBeGreaterThan(fontSize(h4));
  });

  it('takes its look from size, independently of the level', () => {
    render(
      <>
        <Heading level={1} size="sm">
          Small h1
        </Heading>
        <Heading level={3} size="2xl">
          Big h3
        </Heading>
      </>,
    );
    const h1 = screen.getByRole('heading', { level: 1 });
    const h3 = screen.getByRole('heading', { level: 3 });
    expect(h1).toHaveAttribute('data-size', 'sm');
    expect(fontSize(h1)).toBe(14);
    expect(fontSize(h3)).toBe(30);
    expect(getComputedStyle(h1).marginTop).toBe('0px');
  });
});

describe('Text', () => {
  it('is a <p> of md size, default tone and regular weight by default', () => {
    render(<Text>Body</Text>);
    const text = screen.getByText('Body');
    expect(text.tagName).toBe('P');
    expect(text).toHaveAttribute('data-size', 'md');
    expect(text).toHaveAttribute('data-tone', 'default');
    expect(text).toHaveAttribute('data-weight', 'regular');
    expect(fontSize(text)).toBe(16);
  });

  it('applies as, size, tone and weight', () => {
    render(
      <>
        <Text as="span" size="xs" tone="danger" weight="semibold">
          Error
        </Text>
        <Text tone="muted">Muted</Text>
      </>,
    );
    const text = screen.getByText('Error');
    expect(text.tagName).toBe('SPAN');
    expect(fontSize(text)).toBe(12);
    expect(getComputedStyle(text).fontWeight).toBe('600');
    expect(getComputedStyle(text).color).not.toBe(getComputedStyle(screen.getByText('Muted')).color);
  });
});

describe('Eyebrow', () => {
  it('is a small mono uppercase label, never a heading', () => {
    render(<Eyebrow>Case study</Eyebrow>);
    const eyebrow = screen.getByText('Case study');
    expect(eyebrow.tagName).toBe('P');
    expect(screen.queryByRole('heading')).toBeNull();
    const style = getComputedStyle(eyebrow);
    expect(style.textTransform).toBe('uppercase');
    expect(style.fontFamily).toContain('JetBrains Mono');
    expect(fontSize(eyebrow)).toBe(12);
  });
});
