import { formatBidDueDate } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import { dueLabel } from '../due-label.ts';
import type { SectionProps } from '../section.ts';

/** The bid due date with how far away it is ('in 2 d', 'overdue 1 d'); an answered or closed request shows the date only. */
export function DueDateSection({ workspace }: SectionProps) {
  const { bidDueDate: day, status, revisions } = workspace.query;
  const label = day
    ? dueLabel(
        day,
        status,
        new Date(),
        revisions.some((r) => r.answeredAt),
      )
    : null;
  return (
    <>
      <h2>Bid due date</h2>
      <p>
        {day ? formatBidDueDate(day) : 'No due date'}
        {label && (
          <>
            {' '}
            · <span className={`rqp-due-${label.tone}`}>{label.text}</span>
          </>
        )}
      </p>
    </>
  );
}
