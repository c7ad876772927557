import { limitState } from '../lib/text-limit.ts';

type Props = { id: string; value: string; max: number };

/**
 * The counter under a text field: hidden until the text nears its
 * limit, then "96 / 120"; over the limit it says so in red. Point the field's
 * aria-describedby at `id`. Nothing is cut: the form refuses on submit.
 */
export function CharCount({ id, value, max }: Props) {
  const state = limitState(value.length, max);
  return (
    <p id={id} className={`char-count${state.over ? ' is-over' : ''}`} aria-live="polite" hidden={!state.near}>
      {state.near && (state.over ? `${state.count} · ${state.problem}` : state.count)}
    </p>
  );
}
