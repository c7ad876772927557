import { builtinEnvironments } from 'vitest/runtime';

// jsdom for the components, with modules transformed as on the server: the real API runs in
// the same process, and Vite's browser transform would rewrite its `new URL(file, import.meta.url)`
// (the sheet indexer's worker) into a page-relative http URL that node:worker_threads refuses.
export default { ...builtinEnvironments.jsdom, name: 'jsdom-server', viteEnvironment: 'ssr' };
