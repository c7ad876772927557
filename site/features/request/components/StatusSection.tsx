import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { AnswerDialog, StatusActions } from '../../queue/index.ts';
import { StatusBadge } from '../admin-format.tsx';
import { ReopenForm } from './ReopenForm.tsx';
import type { SectionProps } from '../section.ts';
import { requestKeys } from '../api.ts';

/**
 * The status, and for an admin exactly the actions allowed from it: the queue's own controls, and
 * on an answered request 'Reopen for a revision' with its reason (docs/product.md §12).
 */
export function StatusSection({ workspace, role }: SectionProps) {
  const client = useQueryClient();
  const [answering, setAnswering] = useState(false);
  const { query } = workspace;
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      {/* Focusable for StatusActions: where the focus goes if a status change leaves no button to hold it. */}
      <h2 ref={heading} tabIndex={-1}>
        Status
      </h2>
      <p>
        <StatusBadge status={query.status} />
      </p>
      {role === 'admin' && workspace.actions.length > 0 && (
        <div className="rqp-actions">
          <StatusActions query={query} onAnswer={() => setAnswering(true)} chatLink={false} closeControl={false} />
        </div>
      )}
      {role === 'admin' && <ReopenForm workspace={workspace} role={role} afterReopen={heading} />}
      {role === 'admin' && (
        <AnswerDialog
          query={answering ? query : null}
          onClose={() => {
            setAnswering(false);
            void client.invalidateQueries({ queryKey: requestKeys.workspace(query._id) });
          }}
        />
      )}
    </>
  );
}
