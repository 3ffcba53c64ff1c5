// Lint and format check for the whole tree (`npm run lint`, part of `npm test`): zero warnings allowed.
// The format is the house style as @stylistic writes it (`npm run lint -- --fix` applies it); the
// JSX layout rules that would spread compact one-line elements over many lines are left off.
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'migrations/', 'coverage/', 'reports/', '.stryker-tmp*/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a value received but deliberately unused (a destructured-away key, a callback's argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Hooks live in .ts files too (useBudget.ts, useDashboard.ts…).
    files: ['src/client/**/*.{ts,tsx}', 'tests/component/**/*.tsx', 'tests/support/component.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // MUI's autoFocus moves focus into a dialog as it opens, which is what a keyboard user needs.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // A type="number" input drops a comma ("2,5" became 25) and speaks in browser bubbles: numbers go
      // through NumberField, DecimalInput or IntegerInput (docs/validation.md).
      'no-restricted-syntax': [
        'error',
        ...[
          'JSXAttribute[name.name="type"][value.value="number"]',
          'JSXAttribute[name.name="type"] > JSXExpressionContainer > Literal[value="number"]',
          'Property[key.name="type"][value.value="number"]',
        ].map((selector) => ({
          selector,
          message: 'No type="number" (it drops a comma): use NumberField, DecimalInput or IntegerInput (docs/validation.md).',
        })),
      ],
    },
  },
  {
    // Type-aware where it is affordable: on the server side an unawaited promise can lose a write or a
    // mail, and there the checks cost a fraction of what the whole tree would. Their program is
    // tsconfig.eslint.json (these files and what they import), not the whole tree's.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts', 'schemas/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // A schema file is read by every screen that lists its resource: its rules are functions of the rules
    // toolbox, built only where records are checked (src/shared/recordRules.ts), so it loads no zod itself.
    files: ['schemas/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Write the rule as a function of the toolbox: validate: (r) => r.…', allowTypeImports: true }],
          patterns: [
            {
              group: ['**/shared/validation', '**/shared/rules', '**/shared/recordRules', '**/shared/forms/*'],
              message: 'A schema reads rules through its toolbox `r`; forms live in src/shared/forms/.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Test bodies read the API's answers as they come; typing every one would only restate the assertions.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  stylistic.configs.customize({ indent: 2, quotes: 'single', semi: true, jsx: true, braceStyle: '1tbs', arrowParens: true }),
  {
    rules: {
      '@stylistic/jsx-one-expression-per-line': 'off',
      '@stylistic/jsx-max-props-per-line': 'off',
      '@stylistic/jsx-first-prop-new-line': 'off',
      '@stylistic/max-statements-per-line': 'off',
      '@stylistic/jsx-closing-bracket-location': 'off',
      '@stylistic/jsx-closing-tag-location': 'off',
      '@stylistic/jsx-wrap-multilines': 'off',
      '@stylistic/multiline-ternary': 'off',
      '@stylistic/quotes': ['error', 'single', { avoidEscape: true }],
      // Comments and strings count too; only an address or a regex may run past (they cannot be wrapped).
      '@stylistic/max-len': ['error', { code: 140, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
);
