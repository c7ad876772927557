import { useSiteRebuild, useStartSiteRebuild } from '../api.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import './site-rebuild-card.css';

/** /admin: rebuild the public site after content/ was edited; the result (or the content error) shows here. */
export function SiteRebuildCard() {
  const status = useSiteRebuild();
  const start = useStartSiteRebuild();
  const s = status.data;
  const running = s?.state === 'running' || start.isPending;
  return (
    <section className="card site-rebuild" aria-labelledby="site-rebuild-title">
      <div className="site-rebuild-head">
        <h2 id="site-rebuild-title">Public site</h2>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => start.mutate()}
          disabled={running || s?.available === false}
          aria-describedby="site-rebuild-status"
        >
          {running ? 'Rebuilding…' : 'Rebuild the public site'}
        </button>
      </div>
      <div id="site-rebuild-status" role="status" aria-live="polite">
        {status.isError ? (
          <p className="site-rebuild-error">Could not load the site status.</p>
        ) : (
          s && (
            <>
              <p className={s.state === 'failed' ? 'site-rebuild-error' : undefined}>
                {s.message}
                {s.finishedAt && s.state !== 'running'
                  ? ` (${formatDateTime(s.finishedAt)}${s.ms ? `, ${Math.round(s.ms / 1000)} s` : ''})`
                  : ''}
              </p>
              {s.error && <pre className="site-rebuild-log">{s.error}</pre>}
            </>
          )
        )}
        {start.error && <p className="site-rebuild-error">{start.error.message || 'The rebuild could not be started.'}</p>}
      </div>
    </section>
  );
}
