import { PersonIcon } from '@radix-ui/react-icons';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { Avatar } from './Avatar';

/** A tiny inline SVG portrait: no network, same pixels on every run. */
const portrait = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    '<rect width="96" height="96" fill="#d8cbb4"/>' +
    '<circle cx="48" cy="39" r="17" fill="#7a5a44"/>' +
    '<path d="M12 96c3-21 18-31 36-31s33 10 36 31z" fill="#2f45d8"/>' +
    '</svg>',
)}`;

const row = { display: 'flex', gap: 16, alignItems: 'center' } as const;

const meta = {
  title: 'Display/Avatar',
  component: Avatar,
  args: { name: 'Maya Lindqvist' },
  argTypes: {
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'xl'] },
    fallback: { control: false },
  },
  parameters: { localeArgs: { ru: { name: 'Анна Петрова' }, es: { name: 'José Luis García' } } },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Maya Lindqvist' });
    await expect(avatar).toHaveTextContent('ML');
  },
};

/** The picture, from an inline data: URI; the play function waits until it has loaded. */
export const Image: Story = {
  args: { src: portrait, size: 'lg' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('img', { name: 'Maya Lindqvist' }).tagName).toBe('IMG'));
  },
};

/** Every size with initials and with the picture. */
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <div style={row}>
        {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
          <Avatar key={size} {...args} size={size} />
        ))}
      </div>
      <div style={row}>
        {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
          <Avatar key={size} {...args} size={size} src={portrait} name="Tomás Ortega" />
        ))}
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        within(canvasElement)
          .getAllByRole('img', { name: 'Tomás Ortega' })
          .every((el) => el.tagName === 'IMG'),
      ).toBe(true),
    );
  },
};

/** The image URL fails (404 on the dev server), so the initials stay. */
export const BrokenImage: Story = {
  args: { src: '/missing-avatar.png', name: 'Kai Nakamura', onImageStatusChange: fn() },
  play: async ({ args, canvasElement }) => {
    await waitFor(() => expect(args.onImageStatusChange).toHaveBeenCalledWith('error'));
    await expect(within(canvasElement).getByRole('img', { name: 'Kai Nakamura' })).toHaveTextContent('KN');
  },
};

/** No name: a decorative icon stands in, and the avatar needs `alt` for its accessible name. */
export const IconFallback: Story = {
  args: { name: undefined, alt: 'Guest', fallback: <PersonIcon /> },
  render: (args) => (
    <div style={row}>
      {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
    </div>
  ),
};

/** Next to a written name the avatar is decorative (`alt=""`), so the name is read once. */
export const WithName: Story = {
  args: { alt: '', src: portrait },
  render: (args) => (
    <div style={row}>
      <Avatar {...args} />
      <div style={{ lineHeight: 1.35 }}>
        <div style={{ fontWeight: 600 }}>Maya Lindqvist</div>
        <div style={{ color: 'var(--color-text-muted)', fontSize: 'var(--text-sm)' }}>Lead engineer</div>
      </div>
    </div>
  ),
};

/** Long and unusual names still give two letters: extra words, hyphens, leading punctuation. */
export const LongNames: Story = {
  render: () => (
    <div style={row}>
      <Avatar name="Maria Fernanda de la Concepción Vázquez" />
      <Avatar name="Jean-Luc Picard" />
      <Avatar name="  (Alex)  Morgan  " />
      <Avatar name="Prince" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Maria Fernanda de la Concepción Vázquez' })).toHaveTextContent('MF');
    await expect(canvas.getByRole('img', { name: 'Jean-Luc Picard' })).toHaveTextContent('JP');
    await expect(canvas.getByRole('img', { name: 'Prince' })).toHaveTextContent('P');
  },
};

export const Russian: Story = {
  render: () => (
    <div style={row}>
      <Avatar name="Анна Петрова" size="sm" />
      <Avatar name="Дмитрий Соколов" />
      <Avatar name="Екатерина Ёлкина" size="lg" />
      <Avatar name="Юрий Щукин" size="xl" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Анна Петрова' })).toHaveTextContent('АП');
    await expect(within(canvasElement).getByRole('img', { name: 'Екатерина Ёлкина' })).toHaveTextContent('ЕЁ');
  },
};

export const Spanish: Story = {
  render: () => (
    <div style={row}>
      <Avatar name="José Luis García" size="sm" />
      <Avatar name="Lucía Ñúñez" />
      <Avatar name="Álvaro Íñiguez" size="lg" />
      <Avatar name="Begoña Ortiz" size="xl" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Álvaro Íñiguez' })).toHaveTextContent('ÁÍ');
  },
};
