import { useMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * useMutation that runs one call at a time: while a call is under way, `mutate` ignores
 * another and `mutateAsync` answers with the running call's promise (no second request).
 * A busy button (busy-button.ts) cannot do this alone: `isPending` reaches it with the next
 * render, and the second click of a double click lands before that render, so it sent a
 * second PATCH and the screen toasted both answers ('Query marked In Progress.' and 'This
 * query is already In Progress.'). The ref is set by the first click itself.
 * Every screen's mutations go through here (eslint.config.js forbids a bare useMutation).
 */
export function useSingleFlightMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);
  const mutateAsync: typeof mutation.mutateAsync = (...args) => {
    if (running.current) return running.current;
    const call = mutation.mutateAsync(...args);
    running.current = call;
    const done = () => {
      if (running.current === call) running.current = null;
    };
    call.then(done, done);
    return call;
  };
  const mutate: typeof mutation.mutate = (...args) => {
    // Failures are the hook's and the call's onError to show; as useMutation's own mutate does.
    mutateAsync(...args).catch(() => undefined);
  };
  return { ...mutation, mutate, mutateAsync };
}
