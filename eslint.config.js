// Lint: typescript-eslint's recommended rules over every package's TypeScript.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/__generated__/**', '**/.tmp/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'bench/results/**', 'storybook-static/**', '**/.vitest-attachments/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
