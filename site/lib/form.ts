import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issueSentence } from '../../portal-api/src/shared/issue-sentence.ts';

/**
 * The first problem zodResolver found, worded as the server words the first issue of a
 * refused request (app.onError), or undefined. The resolver keeps its errors in the
 * schema's issue order and one per field, so the first entry is zod's first issue.
 */
export function firstError<T extends FieldValues>(errors: FieldErrors<T>): string | undefined {
  for (const [field, error] of Object.entries(errors)) {
    const message = error?.message;
    if (typeof message === 'string' && message) return issueSentence({ code: String(error.type), message, path: field.split('.') });
  }
  return undefined;
}

type Schema = z.ZodType<unknown, FieldValues>;
/** zod's per-parse options (the `error` map of text-limit.ts's tooLongMessages). */
type ParseOptions = z.core.ParseContext<z.core.$ZodIssue>;

/** A form's resolver whose zod schema loads on first use; `warm` starts that load early. */
export type LazyResolver<In extends FieldValues, Out> = Resolver<In, unknown, Out> & { warm: () => Promise<unknown> };

/**
 * zodResolver over a shared schema that is loaded, with zod and the resolver, only when the
 * form is first checked or warmed (zod's core is 53 KB gz, too much for every form
 * page's first load). react-hook-form awaits its resolver, so a submit before the load simply
 * waits for it; the checks, messages and their order are zodResolver's over the same schema.
 * `load` is an `import()` of the *.schema.ts module, picking (or building) the schema.
 */
export function lazyZodResolver<S extends Schema>(
  load: () => Promise<S>,
  parse?: ParseOptions,
  options?: { raw?: false },
): LazyResolver<z.input<S>, z.output<S>>;
export function lazyZodResolver<S extends Schema>(
  load: () => Promise<S>,
  parse: ParseOptions | undefined,
  options: { raw: true },
): LazyResolver<z.input<S>, z.input<S>>;
export function lazyZodResolver(load: () => Promise<Schema>, parse?: ParseOptions, options?: { raw?: boolean }) {
  let ready: Promise<Resolver<FieldValues, unknown, unknown>> | undefined;
  const warm = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema, parse, { raw: options?.raw === true } as { raw: false }),
      (err: unknown) => {
        // A failed download (the network dropped) is tried again by the next submit.
        ready = undefined;
        throw err;
      },
    ));
  const resolver: Resolver<FieldValues, unknown, unknown> = async (values, context, resolverOptions) =>
    (await warm())(values, context, resolverOptions);
  return Object.assign(resolver, { warm });
}

const warmQuietly = (resolver: { warm: () => Promise<unknown> }) => void resolver.warm().catch(() => undefined);

/**
 * Loads a lazy resolver once the browser is idle after the form appears (while `shown`),
 * so the first submit rarely waits; returns the form's `onFocus`, which loads it at once.
 * A failed load stays quiet here: the submit that needs it tries again.
 */
export function useWarmResolver(resolver: { warm: () => Promise<unknown> }, shown = true): () => void {
  useEffect(() => {
    if (!shown) return;
    // Safari has no requestIdleCallback (MDN: Window.requestIdleCallback); a timeout stands in.
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => warmQuietly(resolver), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => warmQuietly(resolver), 200);
    return () => clearTimeout(id);
  }, [resolver, shown]);
  return useCallback(() => warmQuietly(resolver), [resolver]);
}

/**
 * A form's submit that runs once at a time. From the submit event itself (before a lazy schema
 * has loaded, before `busy` has rendered) until `run` settles, another submit (a double click,
 * Enter pressed twice) is dropped: a second sign-in would mail a second code that replaces the
 * first, a second sign-up would mail 'someone tried to register'. After `holdBusy()` (the page is
 * about to go elsewhere) it stays busy, so a click while the next page loads sends nothing either.
 */
export function useSubmitOnce(run: (e: FormEvent<HTMLFormElement>) => Promise<unknown>) {
  const running = useRef(false);
  const held = useRef(false);
  const [busy, setBusy] = useState(false);
  const onSubmit = useCallback(
    (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      if (running.current) return;
      running.current = true;
      setBusy(true);
      void run(e).finally(() => {
        if (held.current) return;
        running.current = false;
        setBusy(false);
      });
    },
    [run],
  );
  const holdBusy = useCallback(() => {
    held.current = true;
  }, []);
  return { busy, onSubmit, holdBusy };
}
