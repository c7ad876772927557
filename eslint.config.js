// Lint: typescript-eslint's recommended rules, React's hooks rules, Astro's,
// and the import walls of docs/architecture.md §3 ("Import walls, and why").
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// What the browser may take from the server: shapes and pure rules written in
// plain zod (docs/architecture.md §3: the site may import the shared *.schema.ts files and type AppType).
const SHARED = ['*.schema.ts', '*.rules.ts', '*.limits.ts', '*.labels.ts'];

// What the site may not import from the server (docs/architecture.md §3).
const SITE_IMPORT_WALLS = [
  {
    regex: 'portal-api/(?!src/modules/[a-z-]+/[a-z.-]+\\.(schema|rules|limits|labels)\\.ts$|src/shared/|src/app\\.ts$)',
    message: 'The site may import only the shared schema/rule files of portal-api (docs/architecture.md §3).',
  },
  {
    group: ['**/portal-api/src/app.ts'],
    allowTypeImports: true,
    message: 'Only `import type { AppType }` from the server app.',
  },
];

// The browser side is cut by feature (docs/architecture.md §3): site/features/<area>/ holds an area's
// components and its api.ts, and another area reaches it only through its index.ts.
const AREAS = ['auth', 'request', 'chat', 'dashboard', 'queue', 'blog', 'services', 'users', 'public', 'desk', 'company', 'search'];
// An area's calls live in its api.ts (one hook, or one function for a workflow step, per call);
// its components and other files call those, never the typed client itself.
const CALLS_IN_API = {
  regex: '/lib/api\\.ts$',
  importNames: ['api'],
  message: "Call the server through the area's api.ts (docs/architecture.md §3), not the typed client `api` directly.",
};
const NO_MUTATION = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message: 'Use useSingleFlightMutation (site/ui/use-single-flight-mutation.ts): a double click sends one call.',
};
const LAYERS = 'Imports flow one way: pages → features → shell → ui and lib (docs/architecture.md §3).';
/**
 * The wall around the areas, as seen from a file of `area`, from a page (`'page'`) or from
 * elsewhere outside them (null). A page mounts one of an area's components as its island (a
 * portal screen, or the contact form and the blog listing of the public pages); any other file
 * outside the areas takes only an area's index.ts or a *Screen.tsx.
 */
function areaWalls(area) {
  const outside = area === null || area === 'page';
  const others = AREAS.filter((a) => a !== area).join('|');
  const message = 'Another area is reached only through its index.ts (site/features/<area>/index.ts; docs/architecture.md §3).';
  const mounted = area === 'page' ? '|components/[A-Z][A-Za-z]+\\.tsx$' : area === null ? '|components/[A-Za-z]+Screen\\.tsx$' : '';
  const throughFeatures = { regex: `features/(${others})/(?!index\\.ts$${mounted})`, message };
  // Outside the areas, ../chat/ and the like are not areas' folders: only features/<area>/ is.
  if (outside) return [throughFeatures];
  // From inside an area, another area is a sibling folder reached by ../ hops.
  return [throughFeatures, { regex: `^(\\.\\./)+(${others})/(?!index\\.ts$)`, message }];
}

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', '.astro/**', 'node_modules/**', 'test-results/**', '.e2e-data-*/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      // Sanitisers and tests match control characters and runs of spaces on purpose.
      'no-control-regex': 'off',
      'no-regex-spaces': 'off',
      // `let x = fallback; try { x = parse() } catch {}` is how we read untrusted JSON.
      'no-useless-assignment': 'off',
    },
  },
  {
    files: ['site/**/*.tsx', 'site/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A component's CSS is a stylesheet beside it, imported by it (file-picker.css): a <style> written
    // in JSX rides as a string in the page's first-load JavaScript and is parsed inside React's commit
    // (docs/decisions/0007-react-not-preact.md, "CSS inserted by React").
    files: ['site/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='style']",
          message:
            "Put a component's CSS in a stylesheet beside it, imported by the component (e.g. file-picker.css), not in a <style> element.",
        },
      ],
    },
  },
  {
    // Islands and pages never reach into the server: no database, no routes, no libs.
    files: ['site/**/*.{ts,tsx,astro}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: SITE_IMPORT_WALLS,
          paths: [NO_MUTATION],
        },
      ],
    },
  },
  {
    // Outside the areas (lib, components, layouts; shell and ui have their own rules below): an area's index.ts.
    files: ['site/**/*.{ts,tsx,astro}'],
    ignores: ['site/features/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...SITE_IMPORT_WALLS, ...areaWalls(null)], paths: [NO_MUTATION] }],
    },
  },
  {
    files: ['site/pages/**/*.astro'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...SITE_IMPORT_WALLS, ...areaWalls('page')], paths: [NO_MUTATION] },
      ],
    },
  },
  ...AREAS.flatMap((area) => {
    const walls = (...more) => ({
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...SITE_IMPORT_WALLS, ...areaWalls(area), ...more], paths: [NO_MUTATION] },
      ],
    });
    return [
      { files: [`site/features/${area}/**/*.{ts,tsx}`], ignores: [`site/features/${area}/api.ts`], rules: walls(CALLS_IN_API) },
      { files: [`site/features/${area}/api.ts`], rules: walls() },
    ];
  }),
  {
    // Imports flow one way (docs/architecture.md §3): the shell (sidebar layouts, session) serves every area
    // and so knows none; ui/ knows no business at all, neither the areas nor the shell.
    files: ['site/shell/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...SITE_IMPORT_WALLS, { regex: '/features/', message: LAYERS }], paths: [NO_MUTATION] },
      ],
    },
  },
  {
    files: ['site/ui/**/*.{ts,tsx}'],
    ignores: ['site/ui/use-single-flight-mutation.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [...SITE_IMPORT_WALLS, { regex: '/(features|shell)/', message: LAYERS }], paths: [NO_MUTATION] },
      ],
    },
  },
  {
    // The one place that wraps useMutation.
    files: ['site/ui/use-single-flight-mutation.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: SITE_IMPORT_WALLS }] },
  },
  {
    // A module reaches another only through its public files: repo functions, schemas, pure rules.
    files: ['portal-api/src/modules/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/(?![a-z.-]+\\.(repo|schema|rules|limits|labels|mail|public)\\.ts$)',
              message: 'Reach another module only through its *.repo.ts, *.schema.ts, *.rules.ts or *.public.ts files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared files are imported by the browser: nothing but zod and other shared files.
    files: SHARED.map((g) => `portal-api/src/modules/*/${g}`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          // portal-api/src/shared/ holds browser-safe helpers (the firm's clock, byte sizes, issue sentences).
          patterns: [
            {
              regex: '^(node:|\\.\\./\\.\\./(?!shared/[a-z-]+\\.ts$)|pino|kysely|hono|@hono)',
              message: 'Shared schema files import nothing but zod and portal-api/src/shared/.',
            },
          ],
        },
      ],
    },
  },
);
