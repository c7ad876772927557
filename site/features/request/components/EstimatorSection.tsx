import { ASSIGN_TEXTS } from '../../../../portal-api/src/modules/queries/queries.assign.labels.ts';
import { AssigneeSelect } from '../../desk/index.ts';
import type { SectionProps } from '../section.ts';

/** docs/product.md §25: the client reads who estimates the request; an admin (re)assigns it. */
export function EstimatorSection({ workspace, role }: SectionProps) {
  const { query } = workspace;
  if (role === 'admin') {
    return (
      <>
        <h2>Estimator</h2>
        <AssigneeSelect queryId={query._id} assignee={query.assignee} label="Assigned to" />
      </>
    );
  }
  return <p className="rqp-estimator">{ASSIGN_TEXTS.estimator(query.assignee?.fullName ?? null)}</p>;
}
