import { useId, useRef, useState } from 'react';
import { BID_OUTCOME_LABELS, BID_OUTCOMES as BID_OUTCOME_VALUES } from '../../../../portal-api/src/modules/queries/queries.rules.ts';
import { MARGIN_LABEL, marginText } from '../../../../portal-api/src/modules/outcomes/outcomes.rules.ts';
import { canMove } from '../moves.ts';
import type { SectionProps } from '../section.ts';
import { requestMoves, useRequestStep } from '../api.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { rescueFocus } from '../../../ui/focus-rescue.ts';

/** After the bid date: the client's one-click Won / Lost / Did not bid, with an optional ±N %. */
export function OutcomeSection({ workspace }: SectionProps) {
  const { query } = workspace;
  const step = useRequestStep();
  const marginId = useId();
  const [margin, setMargin] = useState('');
  // Recorded, the buttons give way to the result: its heading takes the focus.
  const heading = useRef<HTMLHeadingElement>(null);
  const { outcome } = query;
  if (outcome.value) {
    const margined = marginText(outcome.value, outcome.marginPct);
    return (
      <>
        <h2 ref={heading} tabIndex={-1}>
          Bid outcome
        </h2>
        <p>
          <strong>{BID_OUTCOME_LABELS[outcome.value]}</strong>
          {margined && ` · ${margined}`}
        </p>
      </>
    );
  }
  if (!canMove(workspace, 'outcome')) return null;
  const marginPct = margin.trim() === '' ? undefined : Number(margin);
  return (
    <>
      <h2>How did the bid go?</h2>
      <label htmlFor={marginId}>{MARGIN_LABEL}</label>
      <span className="rqp-unit-field">
        <input id={marginId} type="number" min={-100} max={100} step={1} value={margin} onChange={(e) => setMargin(e.target.value)} />
        <span aria-hidden="true">%</span>
      </span>
      <div className="rqp-actions" role="group" aria-label="Bid outcome">
        {BID_OUTCOME_VALUES.map((value) => (
          <button
            key={value}
            type="button"
            // Three equal answers: none is styled as the one expected.
            className="btn btn-sm btn-secondary"
            {...busyButton(step.isPending, () => {
              rescueFocus(() => heading.current);
              step.mutate(() => requestMoves.outcome(query._id, { outcome: value, marginPct }));
            })}
          >
            {BID_OUTCOME_LABELS[value]}
          </button>
        ))}
      </div>
    </>
  );
}
