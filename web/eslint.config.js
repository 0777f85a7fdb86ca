import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import zones as in bulletproof-react: a feature never imports another feature;
 * shared code (components, lib, stores) never imports features or the app.
 */
const featureZones = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}/)`,
            message: 'Features must not import each other; share through src/components, src/lib or src/stores.',
          },
          { regex: '^@/app/', message: 'Features must not import the app shell.' },
          { regex: '^\\.\\./\\.\\./', message: 'Use the @/ alias instead of climbing out of the feature.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'src/lib/api/schema.d.ts', 'storybook-static', 'test-results', 'playwright-report', 'node_modules'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/stores/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/features/', message: 'Shared code must not depend on a feature.' },
            { regex: '^@/app/', message: 'Shared code must not depend on the app shell.' },
          ],
        },
      ],
    },
  },
  ...featureZones,
  {
    files: ['*.{js,ts}', 'e2e/**/*.ts', 'scripts/**/*.mjs', '.storybook/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
