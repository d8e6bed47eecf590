// Lint rules that keep the architecture visible (tools/import-cycles.js finds circles, type-only
// imports included, which no-cycle skips): each package imports only the packages below it (model <- api <- core <- cli; plugins see the
// goal API, the model and the archive and unpack libraries, never the host that runs them).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** What each package may import from the others, by package folder name. */
const ALLOWED_PACKAGES = {
  model: [],
  api: ['model'],
  help: ['model'],
  resolver: ['model'],
  archive: [],
  unpack: ['archive', 'api', 'model'],
  core: ['api', 'model'],
  cli: ['api', 'core', 'model', 'resolver', 'help', 'plugin-clean', 'plugin-cxx', 'plugin-dependency', 'plugin-help'],
  'plugin-clean': ['api', 'model'],
  'plugin-help': ['api', 'model', 'help'],
  'plugin-dependency': ['api', 'model', 'archive', 'unpack'],
  'plugin-cxx': ['api', 'model', 'archive', 'unpack'],
};

function boundaryFor(pkg, allowed) {
  return {
    files: [`packages/${pkg}/src/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          {
            group: ['@goalhost/*', ...allowed.map((name) => `!@goalhost/${name}`)],
            message: `packages/${pkg} may import only ${allowed.length ? allowed.map((n) => '@goalhost/' + n).join(', ') : 'no other goalhost package'}.`,
          },
          {
            group: ['@goalhost/*/*'],
            message: 'Import a goalhost package through its front door (the package name), not a file inside it.',
          },
        ],
      }],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', 'test-dist/**', '**/node_modules/**', 'examples/**', 'tools/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['packages/*/src/**/*.ts', 'test/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json', 'test/tsconfig.json'] })],
    },
    rules: {
      'import-x/no-relative-packages': 'error',
      // Escaping and refusing control characters in untrusted input is what these patterns are for.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  ...Object.entries(ALLOWED_PACKAGES).map(([pkg, allowed]) => boundaryFor(pkg, allowed)),
);
