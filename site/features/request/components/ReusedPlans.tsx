import { useReusedRequest } from '../api.ts';
import type { Query } from '../../../../portal-api/src/modules/queries/queries.schema.ts';

export type ReusedFile = { _id: string; name: string };

/** The earlier request named by ?reuse= ('Reuse these plans'): its files, attached by reference. */
export function useReusedPlans(): { source: Query | null; files: ReusedFile[] } {
  const id = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('reuse');
  const res = useReusedRequest(id);
  return { source: res.data ?? null, files: res.data?.files ?? [] };
}

/** Lists the reused files; the client may drop them all and upload instead. */
export function ReusedPlans({ source, files, onDrop }: { source: Query; files: ReusedFile[]; onDrop: () => void }) {
  if (!files.length) return null;
  return (
    <div className="field reused-plans" role="group" aria-label="Reused plans">
      <p>
        Reusing {files.length} file{files.length === 1 ? '' : 's'} from <strong>{source.projectName || source.message.slice(0, 60)}</strong>{' '}
        (not uploaded again):
      </p>
      <ul>
        {files.map((f) => (
          <li key={f._id}>{f.name}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-sm btn-secondary" onClick={onDrop}>
        Don&apos;t reuse these files
      </button>
    </div>
  );
}
