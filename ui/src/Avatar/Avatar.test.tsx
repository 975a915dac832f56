import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Avatar, getInitials } from './Avatar';

const pixel = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#888"/></svg>')}`;

describe('getInitials', () => {
  it('takes the first letters of the first two words, upper-cased', () => {
    expect(getInitials('Maya Lindqvist')).toBe('ML');
    expect(getInitials('maya lindqvist')).toBe('ML');
    expect(getInitials('Maria Fernanda de la Concepción')).toBe('MF');
    expect(getInitials('Prince')).toBe('P');
    expect(getInitials('   ')).toBe('');
  });

  it('works for Cyrillic and accented Latin', () => {
    expect(getInitials('Анна Петрова')).toBe('АП');
    expect(getInitials('екатерина ёлкина')).toBe('ЕЁ');
    expect(getInitials('Álvaro Íñiguez')).toBe('ÁÍ');
  });

  it('skips punctuation and extra spaces', () => {
    expect(getInitials('  (Alex)   Morgan ')).toBe('AM');
    expect(getInitials('Jean-Luc Picard')).toBe('JP');
  });
});

describe('Avatar', () => {
  it('shows initials with the name as its accessible name when there is no image', () => {
    render(<Avatar name="Анна Петрова" />);
    expect(screen.getByRole('img', { name: 'Анна Петрова' })).toHaveTextContent('АП');
  });

  it('replaces the initials with the image once it has loaded', async () => {
    render(<Avatar name="Maya Lindqvist" src={pixel} />);
    await expect.poll(() => screen.getByRole('img', { name: 'Maya Lindqvist' }).tagName).toBe('IMG');
    expect(screen.getByRole('img', { name: 'Maya Lindqvist' })).toHaveAttribute('src', pixel);
    expect(screen.queryByText('ML')).toBeNull();
  });

  it('keeps the initials when the image URL 404s', async () => {
    const onStatus = vi.fn();
    render(<Avatar name="Kai Nakamura" src="/missing.png" onImageStatusChange={onStatus} />);
    await expect.poll(() => onStatus.mock.calls.map(([status]) => status)).toContain('error');
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Kai Nakamura' })).toHaveTextContent('KN');
  });

  it('keeps the initials when the image data is broken', async () => {
    const onStatus = vi.fn();
    render(<Avatar name="Lucía Núñez" src="data:image/png;base64,AAAA" onImageStatusChange={onStatus} />);
    await expect.poll(() => onStatus.mock.calls.map(([status]) => status)).toContain('error');
    expect(screen.getByRole('img', { name: 'Lucía Núñez' })).toHaveTextContent('LN');
  });

  it('is hidden from assistive technology when alt is empty', () => {
    render(<Avatar name="Maya Lindqvist" alt="" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('ML').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('prefers alt over name for the accessible name', () => {
    render(<Avatar name="Maya Lindqvist" alt="Maya Lindqvist, lead engineer" />);
    expect(screen.getByRole('img', { name: 'Maya Lindqvist, lead engineer' })).toHaveTextContent('ML');
  });

  it('renders the chosen diameter', () => {
    render(<Avatar name="Maya Lindqvist" size="xl" data-testid="avatar" />);
    const box = screen.getByTestId('avatar').getBoundingClientRect();
    expect([box.width, box.height]).toEqual([96, 96]);
  });
});
