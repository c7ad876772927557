// `npm run typecheck` (astro check) checks .ts, .tsx and .astro files under the repository's
// tsconfig.json. Proved here on a tiny folder instead of the whole tree: planted files under a
// tsconfig that extends the real one, checked by the same checker astro check runs
// (@astrojs/language-server's AstroCheck), in process. Each plant must be reported in its file;
// the clean file must pass, so a checker that reports everything proves nothing either.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { AstroCheck } from '@astrojs/language-server';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const files: Record<string, string> = {
  // A type error in an island, a server file and an .astro component.
  'site/features/PlantedType.tsx':
    "export default function PlantedType() {\n  const count: number = 'three';\n  return <p>{count}</p>;\n}\n",
  'portal-api/src/planted-type.ts': "export const planted: number = 'not a number';\n",
  'site/components/PlantedType.astro': "---\nconst count: number = 'three';\n---\n<p>{count}</p>\n",
  // Caught only under the repository's own compiler options (noUncheckedIndexedAccess).
  'portal-api/src/planted-index.ts': 'const list: number[] = [];\nexport const first: number = list[0];\n',
  // Clean: JSX through the islands' runtime, Node's types, an .astro component with props.
  'site/features/Clean.tsx':
    "import { useState } from 'react';\n\nexport default function Clean() {\n  const [n] = useState(0);\n  return <p>{n}</p>;\n}\n",
  'portal-api/src/clean.ts': "import path from 'node:path';\n\nexport const joined: string = path.join('a', 'b');\n",
  'site/components/Clean.astro': '---\ninterface Props {\n  title: string;\n}\nconst { title } = Astro.props;\n---\n<h1>{title}</h1>\n',
};

let dir: string;
let errors: Map<string, string[]>;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-typecheck-'));
  // The repository's packages (React's JSX runtime, Node's types, astro) through a link.
  await fs.symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await fs.writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(root, 'tsconfig.json'), include: ['site', 'portal-api'] }),
  );
  for (const [file, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
  const checker = new AstroCheck(dir, createRequire(import.meta.url).resolve('typescript'), path.join(dir, 'tsconfig.json'));
  const result = await checker.lint({});
  errors = new Map();
  for (const file of result.fileResult) {
    const relative = path.relative(dir, new URL(file.fileUrl).pathname);
    // Severity 1 is an error (LSP DiagnosticSeverity).
    const found = file.errors.filter((d) => d.severity === 1).map((d) => `ts(${d.code}): ${d.message}`);
    if (found.length) errors.set(relative, found);
  }
}, 120_000);

afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

it('reports a type error in a .tsx island, a .ts server file and an .astro component, each in its file', () => {
  for (const file of ['site/features/PlantedType.tsx', 'portal-api/src/planted-type.ts', 'site/components/PlantedType.astro']) {
    expect(errors.get(file), file).toEqual([expect.stringMatching(/^ts\(2322\): Type 'string' is not assignable to type 'number'/)]);
  }
});

it("applies the repository's compiler options (noUncheckedIndexedAccess)", () => {
  expect(errors.get('portal-api/src/planted-index.ts')).toEqual([
    expect.stringMatching(/^ts\(2322\): Type 'number \| undefined' is not assignable/),
  ]);
});

it('passes the clean files: nothing but the plants is reported', () => {
  expect([...errors.keys()].sort()).toEqual(
    [
      'portal-api/src/planted-index.ts',
      'portal-api/src/planted-type.ts',
      'site/components/PlantedType.astro',
      'site/features/PlantedType.tsx',
    ].sort(),
  );
});
