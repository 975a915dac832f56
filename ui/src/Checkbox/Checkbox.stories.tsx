import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { label: 'Send me the monthly studio newsletter', onCheckedChange: fn() },
  argTypes: { checked: { control: 'inline-radio', options: [true, false, 'indeterminate'] } },
  parameters: {
    localeArgs: {
      ru: { label: 'Присылайте мне ежемесячную рассылку студии' },
      es: { label: 'Quiero recibir el boletín mensual del estudio' },
    },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const Indeterminate: Story = { args: { label: 'All notifications', checked: 'indeterminate' } };
export const Hover: Story = { parameters: { pseudo: { hover: ['button'] } } };
export const CheckedHover: Story = { args: { defaultChecked: true }, parameters: { pseudo: { hover: ['button'] } } };
export const FocusVisible: Story = { parameters: { pseudo: { focusVisible: ['button'] } } };
export const CheckedFocusVisible: Story = { args: { defaultChecked: true }, parameters: { pseudo: { focusVisible: ['button'] } } };
export const WithHint: Story = { args: { hint: 'One email a month with new case studies. Unsubscribe any time.' } };

/** Consent with a link inside the label, required, in its error state. */
export const ConsentWithError: Story = {
  args: {
    label: (
      <>
        I agree to the processing of my personal data under the <a href="#privacy">privacy policy</a>
      </>
    ),
    required: true,
    error: 'Accept the privacy policy to send the request.',
  },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription('Accept the privacy policy to send the request.');
  },
};

export const Disabled: Story = { args: { disabled: true } };
export const DisabledChecked: Story = { args: { disabled: true, defaultChecked: true } };

/** Space toggles the focused box; clicking the label toggles it too. */
export const Toggle: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('checkbox', { name: 'Send me the monthly studio newsletter' });
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    await userEvent.click(canvas.getByText('Send me the monthly studio newsletter'));
    await expect(box).not.toBeChecked();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(3);
  },
};

export const LongText: Story = {
  args: {
    label:
      'I confirm that I am authorised to share the attached documents and that they contain no personal data of third parties beyond what is needed to estimate the project',
    hint: 'If the documents contain customer data, remove it or ask us for a non-disclosure agreement first.',
    error: 'Confirm that you may share the documents before uploading them.',
    required: true,
  },
};

export const Russian: Story = {
  args: {
    label: (
      <>
        Я согласен на обработку персональных данных в соответствии с <a href="#privacy">политикой конфиденциальности</a>
      </>
    ),
    required: true,
    error: 'Примите политику конфиденциальности, чтобы отправить заявку.',
  },
};

export const Spanish: Story = {
  args: {
    label: (
      <>
        Acepto el tratamiento de mis datos personales según la <a href="#privacy">política de privacidad</a>
      </>
    ),
    defaultChecked: true,
    required: true,
    hint: 'Solo usaremos sus datos para responder a su solicitud.',
  },
};
