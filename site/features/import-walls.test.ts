import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The wall between areas (eslint.config.js, areaWalls): a file planted in one area that reaches
// into another's insides fails lint; the same import through the area's index.ts passes.

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

const WALL = /only through its index\.ts/;

// ESLint's first run loads every plugin and parser: slow on a shared machine.
describe('an area imports another only through its index.ts', { timeout: 120_000 }, () => {
  it("refuses a component of one area reaching into another's api.ts", async () => {
    const messages = await lint(
      'site/features/request/components/Planted.tsx',
      "import { useServices } from '../../services/api.ts';\nexport const planted = useServices;\n",
    );
    expect(messages).toEqual([expect.stringMatching(WALL)]);
  });

  it("refuses an area's api.ts reaching into another area's components", async () => {
    const messages = await lint(
      'site/features/blog/api.ts',
      "import { ServiceFormModal } from '../services/components/ServiceFormModal.tsx';\nexport const planted = ServiceFormModal;\n",
    );
    expect(messages).toEqual([expect.stringMatching(WALL)]);
  });

  it('refuses a screen outside the areas reaching past an index.ts', async () => {
    const messages = await lint(
      'site/components/Planted.tsx',
      "import { serviceKeys } from '../features/services/api.ts';\nexport const planted = serviceKeys;\n",
    );
    expect(messages).toEqual([expect.stringMatching(WALL)]);
  });

  it('refuses the chat, the queue and the dashboards reaching into the request workspace', async () => {
    for (const [file, spec] of [
      ['site/features/chat/components/Planted.tsx', '../../request/components/RequestPanel.tsx'],
      ['site/features/queue/api.ts', '../request/api.ts'],
      ['site/features/dashboard/components/Planted.tsx', '../../request/admin-format.tsx'],
    ] as const) {
      const messages = await lint(file, `import * as planted from '${spec}';\nexport const p = planted;\n`);
      expect(messages, file).toEqual([expect.stringMatching(WALL)]);
      expect(
        await lint(file, `import * as planted from '${spec.replace(/request\/.*$/, 'request/index.ts')}';\nexport const p = planted;\n`),
      ).toEqual([]);
    }
  });

  it("refuses the blog editor reaching into the public pages' hooks", async () => {
    const messages = await lint(
      'site/features/blog/components/Planted.tsx',
      "import { useCategories } from '../../public/api.ts';\nexport const planted = useCategories;\n",
    );
    expect(messages).toEqual([expect.stringMatching(WALL)]);
  });

  it("refuses a page reaching into an area's api.ts", async () => {
    const messages = await lint(
      'site/pages/planted.astro',
      "---\nimport { useUsersPage } from '../features/users/api.ts';\n---\n<p>{String(useUsersPage)}</p>\n",
    );
    expect(messages).toEqual([expect.stringMatching(WALL)]);
  });

  it('lets a page mount the component it shows, and no other file outside the areas', async () => {
    const mount = "import ContactForm from '../features/public/components/ContactForm.tsx';\n";
    expect(await lint('site/pages/planted.astro', `---\n${mount}---\n<ContactForm client:visible />\n`)).toEqual([]);
    expect(
      await lint(
        'site/components/Planted.tsx',
        `import ContactForm from '../features/public/components/ContactForm.tsx';\nexport const p = ContactForm;\n`,
      ),
    ).toEqual([expect.stringMatching(WALL)]);
  });

  it('refuses the shell reaching into an area, and ui reaching into the shell', async () => {
    const LAYERS = /Imports flow one way/;
    expect(
      await lint('site/shell/Planted.tsx', "import { useServices } from '../features/services/index.ts';\nexport const p = useServices;\n"),
    ).toEqual([expect.stringMatching(LAYERS)]);
    expect(await lint('site/ui/Planted.tsx', "import { useSignOut } from '../shell/session.ts';\nexport const p = useSignOut;\n")).toEqual([
      expect.stringMatching(LAYERS),
    ]);
  });

  it("lets through an area's index.ts, its own files, and a page mounting a screen", async () => {
    expect(
      await lint(
        'site/features/request/components/Planted.tsx',
        "import { useServices } from '../../services/index.ts';\nexport const p = useServices;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'site/features/services/components/Planted.tsx',
        "import { useServices } from '../api.ts';\nexport const p = useServices;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'site/components/Planted.tsx',
        "import { useServices } from '../features/services/index.ts';\nexport const p = useServices;\n",
      ),
    ).toEqual([]);
  });
});

describe("an area's calls live in its api.ts", { timeout: 120_000 }, () => {
  const CLIENT = /through the area's api\.ts/;
  const planted = "import { api, call } from '../../../lib/api.ts';\nexport const p = () => call(api.services.$get());\n";

  it('refuses a component, or any other file of an area, taking the typed client', async () => {
    expect(await lint('site/features/dashboard/components/Planted.tsx', planted)).toEqual([expect.stringMatching(CLIENT)]);
    expect(await lint('site/features/search/Planted.ts', planted.replace('../../../', '../../'))).toEqual([expect.stringMatching(CLIENT)]);
  });

  it("lets the area's api.ts take it, and a component take the rest of lib/api.ts", async () => {
    expect(await lint('site/features/dashboard/api.ts', planted.replace('../../../', '../../'))).toEqual([]);
    expect(
      await lint(
        'site/features/dashboard/components/Planted.tsx',
        "import { ApiError } from '../../../lib/api.ts';\nexport const p = (e: unknown) => e instanceof ApiError;\n",
      ),
    ).toEqual([]);
  });
});
