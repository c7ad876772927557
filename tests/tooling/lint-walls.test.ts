// The lint rules that guard the code's shape, proved on small planted sources: ESLint's Node API
// lints each text as if it were the named file, through the repository's own eslint.config.js, so a
// wall that stops applying (a changed `files` glob, a loosened pattern) fails here in milliseconds.
// The import walls are those of docs/architecture.md §3: the site takes only shared
// schema/rule files from the server, a module reaches another only through its public files, and
// shared files import nothing but zod and portal-api/src/shared/.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** Lints `text` as the file `file` (relative to the repository); returns "rule: message" lines. */
async function lint(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId ?? 'parser'}: ${m.message}`);
}

const RESTRICTED = '@typescript-eslint/no-restricted-imports';

describe('the import walls', () => {
  it('an island may not import the database, a route or a lib of the server', async () => {
    for (const target of ['db/database.ts', 'modules/queries/queries.routes.ts', 'lib/mail.ts']) {
      const messages = await lint(
        'site/features/request/Planted.tsx',
        `import * as server from '../../../portal-api/src/${target}';\n\nexport const planted = server;\n`,
      );
      expect(messages, target).toEqual([
        expect.stringMatching(new RegExp(`^${RESTRICTED}: .*The site may import only the shared schema/rule files`)),
      ]);
    }
  });

  it('an .astro page is held to the same wall', async () => {
    const messages = await lint(
      'site/pages/planted.astro',
      "---\nimport { openDatabase } from '../../portal-api/src/db/database.ts';\nconsole.log(openDatabase);\n---\n<p>planted</p>\n",
    );
    expect(messages).toEqual([expect.stringMatching(/The site may import only the shared schema\/rule files/)]);
  });

  it('the site may import shared schema, rule, limit and label files, portal-api/src/shared/ and the AppType type', async () => {
    const text = [
      "import { z } from 'zod';",
      "import { querySchema } from '../../../portal-api/src/modules/queries/queries.schema.ts';",
      "import { canCancel } from '../../../portal-api/src/modules/queries/queries.rules.ts';",
      "import { LIMITS } from '../../../portal-api/src/modules/queries/queries.limits.ts';",
      "import { LABELS } from '../../../portal-api/src/modules/queries/queries.labels.ts';",
      "import { formatBytes } from '../../../portal-api/src/shared/byte-size.ts';",
      "import type { AppType } from '../../../portal-api/src/app.ts';",
      '',
      'export const used = [z, querySchema, canCancel, LIMITS, LABELS, formatBytes];',
      'export type App = AppType;',
      '',
    ].join('\n');
    expect(await lint('site/features/request/Allowed.tsx', text)).toEqual([]);
  });

  it('the site takes only the AppType type from the server app, never a value', async () => {
    const messages = await lint(
      'site/lib/planted.ts',
      "import { createApp } from '../../portal-api/src/app.ts';\n\nexport const planted = createApp;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/Only `import type \{ AppType \}` from the server app/)]);
  });

  it('the site calls useMutation only through useSingleFlightMutation', async () => {
    const text = "import { useMutation } from '@tanstack/react-query';\n\nexport const planted = useMutation;\n";
    expect(await lint('site/features/request/Planted.tsx', text)).toEqual([
      expect.stringMatching(/Use useSingleFlightMutation \(site\/ui\/use-single-flight-mutation\.ts\)/),
    ]);
    // The one wrapper may, and is still held to the server wall.
    expect(await lint('site/ui/use-single-flight-mutation.ts', text)).toEqual([]);
    expect(
      await lint(
        'site/ui/use-single-flight-mutation.ts',
        "import { openDatabase } from '../../../portal-api/src/db/database.ts';\n\nexport const planted = openDatabase;\n",
      ),
    ).toEqual([expect.stringMatching(/The site may import only the shared schema\/rule files/)]);
  });

  it('a module reaches another only through its repo, schema, rules, limits, labels, mail or public files', async () => {
    const file = 'portal-api/src/modules/queries/planted.ts';
    for (const inner of ['users.routes.ts', 'users.service.ts', 'internal/hash.ts']) {
      const messages = await lint(file, `import * as other from '../users/${inner}';\n\nexport const planted = other;\n`);
      expect(messages, inner).toEqual([expect.stringMatching(/Reach another module only through its \*\.repo\.ts/)]);
    }
    for (const open of [
      'users.repo.ts',
      'users.schema.ts',
      'users.rules.ts',
      'users.limits.ts',
      'users.labels.ts',
      'users.mail.ts',
      'users.public.ts',
    ]) {
      expect(await lint(file, `import * as other from '../users/${open}';\n\nexport const planted = other;\n`), open).toEqual([]);
    }
  });

  it('a shared schema file imports nothing but zod and portal-api/src/shared/', async () => {
    for (const [file, source] of [
      ['portal-api/src/modules/queries/planted.schema.ts', 'node:fs'],
      ['portal-api/src/modules/queries/planted.rules.ts', 'kysely'],
      ['portal-api/src/modules/queries/planted.limits.ts', 'hono'],
      ['portal-api/src/modules/queries/planted.labels.ts', '../../db/database.ts'],
    ] as const) {
      const messages = await lint(file, `import * as planted from '${source}';\n\nexport const used = planted;\n`);
      expect(messages, `${file} ← ${source}`).toEqual([expect.stringMatching(/Shared schema files import nothing but zod/)]);
    }
    const allowed =
      "import { z } from 'zod';\nimport { formatBytes } from '../../shared/byte-size.ts';\n\nexport const used = [z, formatBytes];\n";
    expect(await lint('portal-api/src/modules/queries/planted.schema.ts', allowed)).toEqual([]);
  });
});

describe('the code rules', () => {
  it("a hook called conditionally in an island breaks React's rules of hooks", async () => {
    const text =
      "import { useState } from 'react';\n\nexport function PlantedHook({ on }: { on: boolean }) {\n  if (on) {\n    const [v] = useState(0);\n    return <p>{v}</p>;\n  }\n  return null;\n}\n";
    expect(await lint('site/features/request/PlantedHook.tsx', text)).toEqual([expect.stringMatching(/^react-hooks\/rules-of-hooks: /)]);
  });

  it('an unused variable fails a .ts server file and an .astro component', async () => {
    const unused = "@typescript-eslint/no-unused-vars: 'unused' is assigned a value but never used.";
    expect(await lint('portal-api/src/planted-lint.ts', 'export function plantedLint() {\n  const unused = 1;\n  return 2;\n}\n')).toEqual([
      expect.stringContaining(unused),
    ]);
    expect(await lint('site/components/planted/PlantedLint.astro', "---\nconst unused = 'never read';\n---\n<p>planted</p>\n")).toEqual([
      expect.stringContaining(unused),
    ]);
  });

  it("a component's CSS is a stylesheet it imports, never a <style> element written in JSX", async () => {
    const inline = 'export function Planted() {\n  return <style>{`.planted { color: red; }`}</style>;\n}\n';
    expect(await lint('site/features/request/components/Planted.tsx', inline)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Put a component's CSS in a stylesheet beside it/),
    ]);
    const imported = [
      "import './planted.css';",
      '',
      'export function Planted() {',
      '  return <p className="planted">planted</p>;',
      '}',
      '',
    ].join('\n');
    expect(await lint('site/features/request/components/Planted.tsx', imported)).toEqual([]);
  });
});
