import type { Activity } from '../../../portal-api/src/modules/activities/activities.schema.ts';

export type { Activity };

const REQUEST_CHARS = 48;

/**
 * How a request is named in one line: its project name (it leads, docs/product.md §11), else its
 * subject, else the start of its message, cut at a word.
 */
export function requestName(query: { projectName?: string | null; subject: string | null; message: string }): string {
  const text = (query.projectName || query.subject || query.message).replace(/\s+/g, ' ').trim();
  if (text.length <= REQUEST_CHARS) return text;
  const cut = text.slice(0, REQUEST_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

/**
 * The admin dashboard's activity line: who and which request, since
 * 'Message sent' alone said neither. A request with a project name leads with it
 * (docs/product.md §11: 'Brickell Tower: Ana Rivera sent a message'); one without is quoted by
 * its subject or message, as before. The stored activity text stays the same (the client's own
 * dashboard shows it beside the request).
 */
export function activityLine(a: Pick<Activity, 'activity' | 'query' | 'user'>): string {
  const who = a.user?.fullName || 'A client';
  if (!a.query) return `${a.activity} (${who})`;
  const project = a.query.projectName?.trim();
  if (project) {
    const name = requestName(a.query);
    switch (a.activity) {
      case 'Message sent':
        return `${name}: ${who} sent a message`;
      case 'Reply from the estimating team':
        return `${name}: the estimating team replied to ${who}`;
      case 'Query submitted':
        return `${name}: ${who} submitted the request`;
      default:
        return `${name}: ${a.activity} (${who})`;
    }
  }
  const request = `"${requestName(a.query)}"`;
  switch (a.activity) {
    case 'Message sent':
      return `${who} sent a message on ${request}`;
    case 'Reply from the estimating team':
      return `The estimating team replied to ${who} on ${request}`;
    case 'Query submitted':
      return `${who} submitted ${request}`;
    default:
      return `${a.activity}: ${who}, ${request}`;
  }
}
