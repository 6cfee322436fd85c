// Lint rules: a small set, each of which catches a real defect (or keeps type-only imports out of
// the bundle), rather than a style. Layout is prettier's job (`npm run format:check`).
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    // Besides what .gitignore leaves out: service models are data, not code.
    ignores: ['dist/', 'dist-typecheck/', 'bench/results/', '.scratch/', '.nimbus-test-*/', 'models/', 'src/lib/services/*/models/'],
  },
  {
    files: ['**/*.{ts,js,mjs,cjs}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      eqeqeq: 'error',
      // A variable that a closure reads before its one assignment stays `let` (a `const` there would sit in its TDZ).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-var': 'error',
      'no-cond-assign': 'error',
      'no-self-compare': 'error',
      'no-dupe-else-if': 'error',
      'no-constant-binary-expression': 'error',
      'no-unsafe-finally': 'error',
      'no-unsafe-optional-chaining': 'error',
      'no-async-promise-executor': 'error',
      'no-useless-catch': 'error',
      'no-sparse-arrays': 'error',
      'no-loss-of-precision': 'error',
      'no-unused-private-class-members': 'error',
      'no-invalid-regexp': 'error',
      'no-empty-character-class': 'error',
      'no-misleading-character-class': 'error',
      'no-useless-backreference': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // `typeof import('undici')` stays allowed: it types a module that is loaded lazily with import().
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Type-aware rules: promises that are neither awaited nor handled, and promises passed where a
    // callback's result is ignored, lose their rejections.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Tests read wire answers as untyped JSON and poke at them; `any` there is a choice, not a slip.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
