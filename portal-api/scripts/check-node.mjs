// First step of every npm script and of .ci/run: stop with one line on a Node
// that is too old, before anything fails in a less obvious way (Map.groupBy
// missing, a native addon crashing). Plain JavaScript, so any Node can run it.
import fs from 'node:fs';

const MIN = [22, 12];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < MIN[0] || (major === MIN[0] && minor < MIN[1])) {
  let pinned = '24';
  try {
    pinned = fs.readFileSync(new URL('../../.nvmrc', import.meta.url), 'utf8').trim() || pinned;
  } catch {
    // keep the default
  }
  console.error(
    `Node ${process.versions.node} is too old: this project needs Node ${MIN.join('.')} or newer; .nvmrc pins ${pinned} (run \`nvm use\`, or install Node ${pinned}).`,
  );
  process.exit(1);
}
