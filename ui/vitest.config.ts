/**
 * Tests of @studio/ui, all in real Chromium (Vitest browser mode, Playwright provider, Debian's
 * /usr/bin/chromium or CHROMIUM_PATH):
 *  - `components`: Component.test.tsx behaviour tests (keyboard, focus, ARIA wiring);
 *  - `stories-light` / `stories-dark`: every story as a test through @storybook/addon-vitest —
 *    play functions, the a11y addon (violations fail), and a screenshot compared with the committed
 *    baseline in ui/__screenshots__/<theme>/ (see test/screenshot.setup.ts).
 * Update baselines with `pnpm --filter @studio/ui test:update-screenshots` (docs/decisions/0010).
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Fixed browser: same viewport, scale, fonts and flags on every machine, so pixels repeat. */
function browser(): NonNullable<TestProjectInlineConfiguration['test']>['browser'] {
  return {
    enabled: true,
    headless: true,
    provider: playwright({
      launchOptions: {
        executablePath,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-quic',
          '--font-render-hinting=none',
          '--force-color-profile=srgb',
          '--hide-scrollbars',
        ],
      },
      contextOptions: { timezoneId: 'UTC', locale: 'en-US', reducedMotion: 'reduce', deviceScaleFactor: 1, viewport: { width: 1400, height: 1000 } },
    }),
    // The tester page is larger than the story frame, so frames are captured 1:1 (no scaling of 1 px lines).
    instances: [{ browser: 'chromium', viewport: { width: 1200, height: 900 } }],
    screenshotFailures: false,
    expect: {
      toMatchScreenshot: {
        comparatorName: 'pixelmatch',
        comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0.001 },
        resolveScreenshotPath: ({ project, testFileName, arg, ext }) =>
          path.join(
            here,
            '__screenshots__',
            project.name.replace(/^stories-/, '').replace(/ \(.*\)$/, ''),
            testFileName.replace(/\.stories\.tsx$/, ''),
            `${arg}${ext}`,
          ),
        resolveDiffPath: ({ project, testFileName, arg, ext }) =>
          path.join(here, '.vitest-attachments', project.name, testFileName.replace(/\.stories\.tsx$/, ''), `${arg}${ext}`),
      },
    },
  };
}

function storiesProject(theme: 'light' | 'dark'): TestProjectInlineConfiguration {
  return {
    extends: true,
    plugins: [storybookTest({ configDir: path.join(here, '../.storybook'), initialGlobals: { theme } })],
    test: {
      name: `stories-${theme}`,
      browser: browser(),
      setupFiles: [path.join(here, 'test/screenshot.setup.ts')],
    },
  };
}

/**
 * Pre-bundle every dependency the tests import up front: otherwise Vite discovers one mid-run on a
 * clean machine, re-optimises and reloads, and a test sees two copies of React.
 */
const optimizeDeps = {
  include: [
    'react',
    'react-dom',
    'react-dom/client',
    'react/jsx-runtime',
    'react/jsx-dev-runtime',
    '@radix-ui/react-accordion',
    '@radix-ui/react-alert-dialog',
    '@radix-ui/react-avatar',
    '@radix-ui/react-checkbox',
    '@radix-ui/react-dialog',
    '@radix-ui/react-dropdown-menu',
    '@radix-ui/react-icons',
    '@radix-ui/react-label',
    '@radix-ui/react-select',
    '@radix-ui/react-slot',
    '@radix-ui/react-tabs',
    '@radix-ui/react-toast',
    '@radix-ui/react-visually-hidden',
    '@testing-library/react',
    '@testing-library/jest-dom/vitest',
  ],
};

export default defineConfig({
  optimizeDeps,
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'components',
          include: ['src/**/*.test.tsx'],
          browser: browser(),
          setupFiles: [path.join(here, 'test/components.setup.ts')],
        },
      },
      storiesProject('light'),
      storiesProject('dark'),
    ],
  },
});
