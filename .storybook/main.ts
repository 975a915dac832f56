import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook 10 for @studio/ui (stories live beside their components). `pnpm storybook` serves it on
 * port 6006, `pnpm build-storybook` writes storybook-static/. The same stories run as Vitest browser
 * tests (a11y + play functions + screenshots) through @storybook/addon-vitest — see ui/vitest.config.ts.
 */
const config: StorybookConfig = {
  stories: ['../ui/src/**/*.mdx', '../ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-themes', 'storybook-addon-pseudo-states', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};
export default config;
