import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { busyButton } from './busy-button.ts';
import { newQueryClient } from './query-client.ts';
import { useSingleFlightMutation } from './use-single-flight-mutation.ts';

/** A server that answers when the test says so. */
function slowServer() {
  const calls: Array<(answer: string) => void> = [];
  return { calls, send: () => new Promise<string>((resolve) => calls.push(resolve)) };
}

function StartButton({ send, toasts }: { send: () => Promise<string>; toasts: string[] }) {
  const start = useSingleFlightMutation({ mutationFn: send, onSuccess: (answer) => toasts.push(answer) });
  return (
    <button type="button" {...busyButton(start.isPending, () => start.mutate())}>
      Start
    </button>
  );
}

function AwaitingButton({ send, answers }: { send: () => Promise<string>; answers: string[] }) {
  const start = useSingleFlightMutation({ mutationFn: send });
  const [, rerender] = useState(0);
  return (
    <button type="button" onClick={() => void start.mutateAsync().then((a) => answers.push(a) && rerender((n) => n + 1))}>
      Save
    </button>
  );
}

/** Lets the mutations started so far reach their mutationFn (TanStack runs it after its onMutate step). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const withClient = (ui: ReactNode) => <QueryClientProvider client={newQueryClient()}>{ui}</QueryClientProvider>;

describe('useSingleFlightMutation', () => {
  it('sends one call for a double click that lands before the busy re-render, and says its answer once', async () => {
    const server = slowServer();
    const toasts: string[] = [];
    render(withClient(<StartButton send={server.send} toasts={toasts} />));
    const button = screen.getByRole('button', { name: 'Start' });
    fireEvent.click(button);
    fireEvent.click(button);
    await settle();
    expect(server.calls).toHaveLength(1);
    server.calls[0]!('Query marked In Progress.');
    await waitFor(() => expect(toasts).toEqual(['Query marked In Progress.']));
    // Once the call has settled, the next click is a new call.
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(button);
    await settle();
    expect(server.calls).toHaveLength(2);
  });

  it('answers a second mutateAsync meanwhile with the running call’s result, not a second request', async () => {
    const server = slowServer();
    const answers: string[] = [];
    render(withClient(<AwaitingButton send={server.send} answers={answers} />));
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(button);
    fireEvent.click(button);
    await settle();
    expect(server.calls).toHaveLength(1);
    server.calls[0]!('saved');
    await waitFor(() => expect(answers).toEqual(['saved', 'saved']));
  });
});
