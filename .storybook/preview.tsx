import { withThemeByDataAttribute } from '@storybook/addon-themes';
import type { Decorator, Preview } from '@storybook/react-vite';
import '../ui/src/tokens.css';
import '../ui/src/base.css';

/** The sample-text languages of the locale toolbar (the site's three locales). */
export type StoryLocale = 'en' | 'ru' | 'es';

/**
 * Locale toolbar: sets `lang` on the document and, where a story declares
 * `parameters.localeArgs = { ru: {...}, es: {...} }`, swaps in those args so designers see the
 * component with Russian or Spanish text (the components themselves have no i18n).
 */
const withLocale: Decorator = (Story, context) => {
  const locale = (context.globals.locale ?? 'en') as StoryLocale;
  document.documentElement.lang = locale;
  const localeArgs = (context.parameters.localeArgs as Partial<Record<StoryLocale, Record<string, unknown>>> | undefined)?.[locale];
  return localeArgs ? Story({ args: { ...context.args, ...localeArgs } }) : Story();
};

/**
 * Every story renders inside one padded frame, in Storybook and in the Vitest runs alike, so
 * screenshots match what designers see; the pseudo-states addon looks for its root there.
 */
const withFrame: Decorator = (Story) => (
  <div data-story-frame style={{ padding: 24, minHeight: '100vh', background: 'var(--color-bg)', color: 'var(--color-text)' }}>
    <Story />
  </div>
);

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    pseudo: { rootSelector: 'body' },
    // Any axe violation fails the story's test (in `pnpm test` and in the Storybook test panel).
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    backgrounds: { disable: true },
    docs: { codePanel: true },
  },
  globalTypes: {
    locale: {
      description: 'Language of the sample text',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'ru', title: 'Русский' },
          { value: 'es', title: 'Español' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  decorators: [
    withThemeByDataAttribute({ themes: { light: 'light', dark: 'dark' }, defaultTheme: 'light', attributeName: 'data-theme' }),
    withLocale,
    withFrame,
  ],
};
export default preview;
