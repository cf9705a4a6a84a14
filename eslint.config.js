// ESLint for `npm test` (issue 11): typescript-eslint with type information, the rules of hooks
// and jsx-a11y. Prettier formats; this finds what formatting cannot: promises nobody awaits,
// hooks called conditionally, effects missing a dependency, controls without a name.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['.output*/**', 'node_modules/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'app/routeTree.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Control characters in patterns are what they are there for: the patterns strip or refuse them
  // (single-line fields, mail headers, URLs).
  { rules: { 'no-control-regex': 'off' } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // The type-aware rules that find real bugs: a promise nobody awaits or handles, one passed
      // where a plain function is expected, awaiting what is no promise.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // One zod dialect: zod/mini, whose functions the bundler drops when unused (classic zod puts
      // every method on every schema and its JSON-Schema generator into each page's first load).
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: "Use 'zod/mini' (docs/DECISIONS.md, 'One zod dialect')." }],
          patterns: [{ regex: '^zod/(v3|v4(/classic)?)$', message: "Use 'zod/mini' (docs/DECISIONS.md, 'One zod dialect')." }],
        },
      ],
    },
  },
  {
    // The browser build treats every z.* call as pure (vite.config.ts: manualPureFunctions), so a
    // schema no browser code uses is neither shipped nor built. A z.* call kept only for what it does
    // would be dropped there.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/server/**', '**/*.server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ExpressionStatement > CallExpression[callee.object.name='z'], ExpressionStatement > CallExpression > MemberExpression.callee > CallExpression[callee.object.name='z']",
          message: "A z.* call whose result is unused is dropped from the browser build (vite.config.ts, manualPureFunctions): use its result.",
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region (the package-travel form before booking) must be reachable by keyboard.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
      // Key handlers on a landmark or wrapper catch the keys that bubble up from the real controls
      // inside (arrow keys in the menu, Escape): only pointer handlers make an element a control.
      'jsx-a11y/no-noninteractive-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] }],
      'jsx-a11y/no-static-element-interactions': ['error', { handlers: ['onClick', 'onMouseDown', 'onMouseUp'] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
)
