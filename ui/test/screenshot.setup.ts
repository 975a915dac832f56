/**
 * After every story test: wait for fonts and the story to settle, then compare the page with the
 * committed baseline (one PNG per story and theme). Stories tagged `!screenshot` are skipped (none
 * should need it; the tag exists for stories whose output is random by nature).
 */
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';
import { STORY_RENDERED } from 'storybook/internal/core-events';
import { addons } from 'storybook/preview-api';

afterEach(async (context) => {
  const tags = (context.task.meta as { storybook?: { tags?: string[] } }).storybook?.tags ?? [];
  if (context.task.result?.state === 'fail' || tags.includes('!screenshot')) return;
  // Portable stories emit no channel events; the pseudo-states addon rewrites :hover/:focus-visible
  // rules into classes when it hears STORY_RENDERED, so announce the render ourselves.
  addons.getChannel().emit(STORY_RENDERED);
  await document.fonts.ready;
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await expect(page.elementLocator(document.documentElement)).toMatchScreenshot(context.task.name.replace(/[^\w-]+/g, '-'), {
    screenshotOptions: { animations: 'disabled', caret: 'hide', scale: 'css' },
  });
});
