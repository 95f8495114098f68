import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const internalFromOutside = {
  regex: '(^|/)modules/[a-z-]+/',
  message: "Import a server module through its index ('modules/<module>'); its tables through server/src/db/schema.ts.",
};
const internalOfAnotherModule = {
  regex: '^\\.\\./[a-z-]+/',
  message: "Import another module through its index ('../<module>'); its tables through server/src/db/schema.ts.",
};
const packageAbove = (...names) => ({
  regex: `^@openyard/(${names.join('|')})(/|$)`,
  message: 'Packages depend one way: runtime → simulator, workers → server → contracts.',
});
const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

function moduleBoundaries() {
  const serverPackages = packageAbove('workers', 'simulator', 'runtime');
  return [
    restrict(['server/src/modules/**/*.ts'], [internalOfAnotherModule, serverPackages], ['**/*.table.ts']),
    // A table refers to another module's table file (the schema is evaluated table by table).
    restrict(
      ['server/src/modules/**/*.table.ts'],
      [{ ...internalOfAnotherModule, regex: '^\\.\\./[a-z-]+/(?![a-z-]+\\.table$)' }, serverPackages],
    ),
    restrict(
      ['server/src/**/*.ts'],
      [internalFromOutside, serverPackages],
      ['server/src/modules/**', 'server/src/db/schema.ts'],
    ),
    restrict(['server/src/db/schema.ts'], [serverPackages]),
    restrict(
      ['workers/**/*.ts'],
      [internalFromOutside, packageAbove('simulator', 'runtime')],
      ['workers/**/*.test.ts'],
    ),
    // Workers' tests draw camera frames with the simulator's renderer.
    restrict(['workers/**/*.test.ts'], [internalFromOutside, packageAbove('runtime')]),
    restrict(['simulator/**/*.ts'], [internalFromOutside, packageAbove('workers', 'runtime')]),
    restrict(
      ['runtime/**/*.ts', 'bench/**/*.ts', 'loadtest/**/*.ts', 'deploy/**/*.ts', 'e2e/**/*.ts'],
      [internalFromOutside],
    ),
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'migrations/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins are async by contract even when they only register routes.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/src/config.ts only.' },
      ],
    },
  },
  {
    // The one module that reads the environment, and the tools that start processes with one.
    files: [
      'server/src/config.ts',
      'scripts/**',
      'e2e/**',
      'bench/**',
      'loadtest/**',
      'deploy/**',
      '**/*.config.ts',
      '**/test/**',
      '**/*.test.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Module boundaries (docs/architecture.md): code outside server/src/modules/<m> imports only that
  // module's index ('modules/<m>'), and tables only through server/src/db/schema.ts; a module reaches
  // another the same way ('../<m>'). The packages depend one way: runtime → simulator, workers →
  // server → contracts (the composition root, runtime/, is the only place that wires them together).
  ...moduleBoundaries(),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // k6 scripts run in k6's JavaScript runtime, not Node: its globals, no Node ones.
    files: ['loadtest/k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', console: 'readonly' } },
  },
);
