import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'
import jest from 'eslint-plugin-jest'
import prettier from 'eslint-config-prettier/flat'
import globals from 'globals'

export default defineConfig([
  // src/cel/parser/generated/ is antlr-ng's output (npm run generate:cel-parser), not edited by hand.
  globalIgnores([
    'dist/',
    'build/',
    'coverage/',
    'node_modules/',
    'fixtures/',
    '.scratch/',
    'src/cel/parser/generated/'
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // tsconfig.test.json covers src/ and test/, so one program types both.
        project: ['./tsconfig.test.json'],
        tsconfigRootDir: import.meta.dirname
      }
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }
      ]
    }
  },
  {
    // A spread argument puts every element on the stack: past about 125,000 elements V8 throws
    // "Maximum call stack size exceeded", and a repository decides how many documents, items
    // and findings there are. Use pushAll / maxOf / minOf (src/common/arrays.ts) or a loop.
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression > SpreadElement',
          message:
            'No spread arguments in src/: an input-sized array overflows the call stack (about 125,000 elements). Use pushAll/maxOf/minOf from src/common/arrays.ts or a loop.'
        },
        {
          selector: 'NewExpression > SpreadElement',
          message:
            'No spread arguments in src/: an input-sized array overflows the call stack (about 125,000 elements). Pass the array, or use a loop.'
        }
      ]
    }
  },
  { files: ['test/**/*.ts'], ...jest.configs['flat/recommended'] },
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      'jest/no-conditional-expect': 'off'
    }
  },
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  prettier
])
