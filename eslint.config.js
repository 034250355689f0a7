// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// One folder per island screen, read from disk so a new screen is fenced in without editing this.
const islandFolders = readdirSync(new URL('./src/islands', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Dependency direction (STYLE.md): pages → islands → ui, stores → lib. lib imports nothing
// of the app, stores never import React or ui, and only endpoints/middleware import server/.
// Islands never import each other: what two screens share lives in ui/ or stores/.
const boundaries = {
  'import/no-restricted-paths': [
    'error',
    {
      zones: [
        {
          target: './src/lib',
          from: './src',
          except: ['./lib'],
          message: 'lib/ is pure: it imports nothing of the app.',
        },
        {
          target: './src/stores',
          from: ['./src/islands', './src/ui', './src/server', './src/pages'],
          message: 'stores/ import only lib/.',
        },
        {
          target: './src/ui',
          from: ['./src/islands', './src/server', './src/pages'],
          message: 'ui/ never imports islands, server or pages.',
        },
        {
          target: './src/islands',
          from: ['./src/server', './src/pages'],
          message: 'Islands reach the server only over HTTP.',
        },
        ...islandFolders.map((folder) => ({
          target: `./src/islands/${folder}`,
          from: './src/islands',
          except: [`./${folder}`],
          message: 'Islands never import each other: move what they share to ui/ or stores/.',
        })),
        {
          target: './src/server',
          from: ['./src/stores', './src/islands', './src/ui'],
          message: 'server/ never imports browser code: share logic through lib/.',
        },
      ],
    },
  ],
};

// Roles are compared in one place only, src/lib/policy (issue 25): a rule written anywhere else
// drifts from the one the server enforces. Ask the policy (can, isAdmin, leadsWork…) instead.
const roleComparisons = [
  ...['left', 'right'].map((side) => ({
    selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.type='MemberExpression'][${side}.property.name=/^[Rr]ole$/]`,
    message: 'Compare roles only in src/lib/policy: ask the policy instead.',
  })),
  ...['left', 'right'].map((side) => ({
    selector: `BinaryExpression[operator=/^[!=]==?$/][${side}.value=/^(Admin|Manager|Normal)$/]`,
    message: 'Compare roles only in src/lib/policy: ask the policy instead.',
  })),
];

export default tseslint.config(
  { ignores: ['dist/**', '.astro/**', 'node_modules/**', 'data/**', 'tmp/**', '**/*.astro'] },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // Cycle detection only matters inside our own code; parsing node_modules is slow and noisy.
      'import/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import/no-cycle': ['error', { ignoreExternal: true }],
      ...boundaries,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['src/islands/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Islands read storage only through src/stores.' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...roleComparisons] },
  },
  {
    // src/lib runs in the browser and the server alike; a module-level variable there is shared
    // by every request of a server process, and set in one place but not the other (the currency
    // kept there was set only by the browser, so a EUR workspace's report PDF printed ₹).
    // Inputs come in as arguments; a const cache of Intl formatters, the same for every caller,
    // is the one kind of state allowed.
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Program > VariableDeclaration[kind!='const'], Program > ExportNamedDeclaration > VariableDeclaration[kind!='const']",
          message: 'No module-level mutable state in src/lib: take it as an argument (STYLE.md).',
        },
        ...roleComparisons,
      ],
    },
  },
  {
    // The policy is where roles are compared; the rule against module state still holds.
    files: ['src/lib/policy/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Program > VariableDeclaration[kind!='const'], Program > ExportNamedDeclaration > VariableDeclaration[kind!='const']",
          message: 'No module-level mutable state in src/lib: take it as an argument (STYLE.md).',
        },
      ],
    },
  },
  {
    // The sync engine is built by factories from its dependencies (createSyncEngine), so two
    // engines can run in one process and a disposed one leaves nothing behind. State lives in
    // the closures of its parts; a module-level variable, or a module-level collection filled at
    // run time, would be shared by every engine (the app's one lives in src/stores/app-sync.ts).
    // Stores of the documented keys (the owner marker's persistent atom) are state by design.
    files: ['src/stores/sync/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Program > VariableDeclaration[kind!='const'], Program > ExportNamedDeclaration > VariableDeclaration[kind!='const']",
          message:
            'No module-level mutable state in src/stores/sync: keep it inside the factory that needs it.',
        },
        {
          selector:
            ":matches(Program > VariableDeclaration, Program > ExportNamedDeclaration > VariableDeclaration) > VariableDeclarator[init.type='NewExpression'][init.callee.name=/^(Map|Set|WeakMap|WeakSet|Array)$/], :matches(Program > VariableDeclaration, Program > ExportNamedDeclaration > VariableDeclaration) > VariableDeclarator[init.type='ArrayExpression']",
          message:
            'No module-level collections in src/stores/sync: keep them inside the factory that needs them.',
        },
        ...roleComparisons,
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Bench and e2e scripts run some functions inside the page.
    files: ['scripts/bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
