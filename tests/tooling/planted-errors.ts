// Proof that `npm run lint` and `npm run typecheck` catch what they are for (issue 11 "Tooling"):
// plant one error of each kind in new files, run each command once, and require that it fails
// and names every planted file; then remove the plants and require both to pass again.
//   - a type error in a .tsx island, a .ts server file and an .astro component (typecheck);
//   - an island importing portal-api/src/db, a hooks-rule break in a .tsx, an unused variable
//     in an .astro file and a .ts file (lint).
// Run by .ci/run after lint and typecheck: `npm run check:tooling`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dir = (p: string) => path.join(root, p);

type Plant = { file: string; text: string; caughtBy: 'typecheck' | 'lint'; what: string; says: string };
const plants: Plant[] = [
  {
    file: 'site/islands/planted/PlantedType.tsx',
    caughtBy: 'typecheck',
    what: 'a type error in a .tsx island',
    says: "is not assignable to type 'number'",
    text: "export default function PlantedType() {\n  const count: number = 'three';\n  return <p>{count}</p>;\n}\n",
  },
  {
    file: 'portal-api/src/planted-type.ts',
    caughtBy: 'typecheck',
    what: 'a type error in a .ts server file',
    says: "is not assignable to type 'number'",
    text: "export const planted: number = 'not a number';\n",
  },
  {
    file: 'site/components/planted/PlantedType.astro',
    caughtBy: 'typecheck',
    what: 'a type error in an .astro component',
    says: "is not assignable to type 'number'",
    text: "---\nconst count: number = 'three';\n---\n<p>{count}</p>\n",
  },
  {
    file: 'site/islands/planted/PlantedDb.tsx',
    caughtBy: 'lint',
    what: 'an island importing portal-api/src/db',
    says: 'The site may import only the shared schema/rule files',
    text: "import { openDatabase } from '../../../portal-api/src/db/database.ts';\n\nexport const plantedDb = openDatabase;\n",
  },
  {
    file: 'site/islands/planted/PlantedHook.tsx',
    caughtBy: 'lint',
    what: 'a hook called conditionally in a .tsx island',
    says: 'react-hooks/rules-of-hooks',
    text: "import { useState } from 'react';\n\nexport function PlantedHook({ on }: { on: boolean }) {\n  if (on) {\n    const [v] = useState(0);\n    return <p>{v}</p>;\n  }\n  return null;\n}\n",
  },
  {
    file: 'portal-api/src/planted-lint.ts',
    caughtBy: 'lint',
    what: 'an unused variable in a .ts file',
    says: "'unused' is assigned a value but never used",
    text: 'export function plantedLint() {\n  const unused = 1;\n  return 2;\n}\n',
  },
  {
    file: 'site/components/planted/PlantedLint.astro',
    caughtBy: 'lint',
    what: 'an unused variable in an .astro file',
    says: "'unused' is assigned a value but never used",
    text: "---\nconst unused = 'never read';\n---\n<p>planted</p>\n",
  },
];

function run(script: 'lint' | 'typecheck'): { ok: boolean; out: string } {
  const res = spawnSync('npm', ['run', '--silent', script], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: res.status === 0, out: `${res.stdout}\n${res.stderr}` };
}

function removePlants() {
  for (const p of plants) fs.rmSync(dir(p.file), { force: true });
  for (const d of ['site/islands/planted', 'site/components/planted']) fs.rmSync(dir(d), { recursive: true, force: true });
}

const failures: string[] = [];
try {
  for (const p of plants) {
    fs.mkdirSync(path.dirname(dir(p.file)), { recursive: true });
    fs.writeFileSync(dir(p.file), p.text);
  }
  for (const script of ['typecheck', 'lint'] as const) {
    const { ok, out } = run(script);
    if (ok) failures.push(`npm run ${script} passed with planted errors`);
    for (const p of plants.filter((x) => x.caughtBy === script)) {
      const named = (out.includes(p.file) || out.includes(dir(p.file))) && out.includes(p.says);
      console.log(`${named ? 'caught' : 'MISSED'}  npm run ${script}: ${p.what} (${p.file})`);
      if (!named) failures.push(`npm run ${script} did not report ${p.what} (${p.file})`);
    }
  }
} finally {
  removePlants();
}
if (failures.length) {
  console.error(`\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\nlint and typecheck fail on each planted error.');
