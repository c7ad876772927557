import type { AstroIntegration } from 'astro';

// `npm run dev`: when an edited content file breaks its schema, Astro keeps
// the last valid version and only prints the error in the terminal, so an
// editor looking at the browser sees nothing wrong. This shows that error in
// Astro's error overlay, in every open tab and in tabs opened later, until the
// file is valid again.

const ANSI = /\u001b\[[0-9;]*m/g;
const BROKEN = /Failed to reload ([^:\s]+)|\[(Invalid\w*Error)\]/;
const FIXED = /Reloaded data from|Synced content|Content config changed/;

export function contentErrorOverlay(): AstroIntegration {
  return {
    name: 'content-error-overlay',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const hot = server.environments.client.hot;
        let last: { name: string; title: string; message: string; hint: string } | null = null;
        const show = () => last && hot.send({ type: 'error', err: { ...last, stack: '' } });

        const watch = (stream: NodeJS.WriteStream) => {
          const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
          stream.write = ((chunk: unknown, ...rest: unknown[]) => {
            const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
            const plain = text.replace(ANSI, '');
            const broken = BROKEN.exec(plain);
            if (broken) {
              last = {
                name: 'ContentError',
                title: `A content file does not match its schema${broken[1] ? `: ${broken[1]}` : ''}`,
                // Astro's markdown bold and its doubled field name ("eyebrow: eyebrow: Required") removed.
                message: plain
                  .replace(/^\S+ \[ERROR\] \[[\w-]+\] /, '')
                  .replace(/\*\*/g, '')
                  .replace(/^(\s*)([\w.]+): \2:/gm, '$1$2:')
                  .trim(),
                hint: 'Fix the file under content/ (content/README.md lists every field). Until then the page shows the last valid version, and a build would fail.',
              };
              show();
            } else if (last && FIXED.test(plain)) {
              last = null;
            }
            return write(chunk, ...rest);
          }) as typeof stream.write;
        };
        watch(process.stdout);
        watch(process.stderr);
        // A tab opened after the error still gets it.
        hot.on('connection', () => setTimeout(show, 500));
      },
    },
  };
}
