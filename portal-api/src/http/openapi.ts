// The OpenAPI document of /api/openapi.json and /api/docs. Routes declare
// their shapes with @hono/zod-openapi; what every operation needs besides
// (an operationId, its security, one name per path parameter) is settled here
// once instead of in every routes file.
import { ERROR_CODES, SPECIFIC_CODES, STATUS_CODES } from '../shared/error-codes.ts';
import { READ_BY_ROUTE_BODIES } from './openapi-bodies.ts';

export type OpenApiDoc = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  [key: string]: unknown;
};
type Parameter = { name: string; in: string; description?: string; [key: string]: unknown };
type Response = { description: string; content?: Record<string, unknown> };
type Operation = {
  operationId?: string;
  requestBody?: { required?: boolean; content: Record<string, unknown> };
  responses?: Record<string, Response>;
  summary?: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  [key: string]: unknown;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

const WEBSOCKET = `
## Chat WebSocket \`/ws\`

Not an HTTP operation: connect with \`new WebSocket('wss://<host>/ws')\`. Text
frames carry JSON objects whose \`type\` is the event name. What a client may
send is the schema \`ChatClientFrame\` below (the server validates every frame
with it).

| direction | frame |
|---|---|
| client → server | \`{"type":"authenticateAdmin","token":"…"}\` (admin screens: presence of clients) |
| client → server | \`{"type":"joinRoom","token":"…","queryId":"…"}\` |
| client → server | \`{"type":"sendMessage","token":"…","queryId":"…","message":"…","replyTo":"<messageId>","savedReplyId":"…"}\` (\`replyTo\` may be \`null\`; \`savedReplyId\`, optional and for admins only, names the saved reply the text was filled from: its files are copied to the request's files and the message names them) |
| client → server | \`{"type":"markRead","token":"…","queryId":"…"}\` marks a request read for the sender (for an admin: for the whole firm) |
| client → server | \`{"type":"watchUnread","token":"…"}\` asks for the unread counts and their live updates |
| server → client | \`{"type":"authenticated"}\` once an \`authenticateAdmin\` is accepted |
| server → client | \`{"type":"presence","userId":"…","online":true}\` (or \`false\`) to admins when a client comes or goes |
| server → client | \`{"type":"joined","queryId":"…","lastMessageId":"…"}\` once a \`joinRoom\` is accepted; \`lastMessageId\` is the room's newest message at that moment (\`null\` when it has none): a history read that does not hold it is read again |
| server → client | \`{"type":"receiveMessage","message":{ChatMessage}}\` to everyone in the room, sender included |
| server → client | \`{"type":"queryStatus","queryId":"…","status":"…"}\` to the room when an admin changes the query's status |
| server → client | \`{"type":"queryLifecycle","queryId":"…","event":"…","deliveryDueAt":"…","status":"…","projectName":"…","by":"admin"}\` (\`deliveryDueAt\` and \`projectName\` may be \`null\`; \`by\`, \`admin\` or \`client\`, is the side that took the step) to the room on a lifecycle event (quote, addendum, revision, outcome) |
| server → client | \`{"type":"unread","total":n,"queries":{"<queryId>":count}}\` answering \`watchUnread\`, then \`{"type":"unread","total":n,"queryId":"…","userId":"…","count":n}\` after every message or \`markRead\` |
| server → client | to a socket that sent \`watchUnread\`, for each request of its user (a client) or of any client (an admin): the \`queryStatus\` and \`queryLifecycle\` frames of its room, and \`{"type":"queryStatus","queryId":"…","status":"pending"}\` for a new request, so lists and counts refresh without the chat open |
| server → client | to an admin socket that sent \`watchUnread\` only: \`{"type":"queryAssigned","queryId":"…","assignee":{"_id","fullName"},"by":{"_id","fullName"}}\` (\`assignee\` may be \`null\`) when a request's assignee changes, and \`{"type":"noteAdded","note":{Note}}\` when an internal note is written (\`note.mentions\` names the admins it alerts). No client socket ever gets either |
| server → client | \`{"type":"error","message":"…","code":"…"}\` on a refused frame (bad token, not your query, closed query, empty text, \`markRead\` of a request the sender may not see, a frame that does not parse); the socket stays open |
| server → client | \`{"type":"error","message":"Your session has ended. Please sign in again.","code":"session_ended"}\`, then close code 4001, when the socket's session ends: at once on logout or a password reset, and within 5 minutes when it runs out (30 days unused, 90 after sign-in) |

Every frame of either direction is the schema \`ChatClientFrame\` or \`ChatServerFrame\` below;
an error frame's \`code\` is one of the error codes above.

\`ChatMessage\` is the shape returned by \`GET /chats/query/{id}/message\`. A
message is stored before it is broadcast, so that call returns everything that
was acknowledged, also after a reconnect.
`;

const ERRORS = [
  '## Errors',
  '',
  'Every error answers a 4xx or 5xx status with `{"message": "…", "code": "…"}` (schema `Error`). The message is',
  'a sentence for people and may be reworded; programs branch on `code`, a stable snake_case word. A status',
  'answers its own code unless a more specific one below applies.',
  '',
  '| code | meaning |',
  '|---|---|',
  ...Object.entries(STATUS_CODES).map(([status, code]) => `| \`${code}\` | status ${status} with no more specific code |`),
  ...Object.entries(SPECIFIC_CODES).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`),
].join('\n');

export const OPENAPI_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Estimating portal API',
    version: '1.0.0',
    license: { name: 'Proprietary' },
    description: [
      'The JSON and multipart API of the website, client portal and admin area, under `/api`.',
      '',
      'Authenticate with `Authorization: Bearer <token>` from `POST /auth/login-verify-otp`.',
      '',
      ERRORS,
      'Operations marked with no security are public; the others need a session token (and most of them an admin or an approved client).',
      '',
      "Files: blog, service and profile images are public under `/uploads/public/…`. A request file's or deliverable's `url` is a short-lived signed link under `/uploads/private/…`; the same path without its signature also opens with `Authorization: Bearer` of a member of the request's company or an admin (anyone else: 404). A link handed out in an authenticated answer names its user (`u`) and opens only while that user may still see the request.",
      '',
      'Metrics: `GET /metrics` (outside `/api`) answers Prometheus text format when the server runs with `METRICS_TOKEN` set, to `Authorization: Bearer <METRICS_TOKEN>` only (401 otherwise); without `METRICS_TOKEN` it is off and answers 404. It counts HTTP requests by route pattern and status with a duration histogram, open HTTP and WebSocket connections, the outbox backlog and its oldest age, the files waiting for their sheet index, upload bytes in flight and process memory.',
      WEBSOCKET,
    ].join('\n'),
  },
  servers: [{ url: '/api' }],
};

function camel(words: string[]): string {
  return words
    .filter(Boolean)
    .map((w, i) => {
      const clean = w.replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ? ch.toUpperCase() : ''));
      return i === 0 ? clean.toLowerCase() : clean.charAt(0).toUpperCase() + clean.slice(1);
    })
    .join('');
}

/** e.g. GET /blogs/{id}/status → getBlogsByIdStatus. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith('{') ? `by-${seg.slice(1, -1)}` : seg));
  return camel([method, ...words]);
}

/**
 * Paths that differ only in the names of their parameters (/blogs/{idOrSlug}
 * and /blogs/{id}) are one path to a client: they are merged under the name
 * most operations use, and the renamed parameter says what it accepts.
 */
function mergeAmbiguousPaths(paths: Record<string, Record<string, Operation>>): Record<string, Record<string, Operation>> {
  const shapeOf = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
  const groups = new Map<string, string[]>();
  for (const p of Object.keys(paths)) groups.set(shapeOf(p), [...(groups.get(shapeOf(p)) ?? []), p]);
  const merged: Record<string, Record<string, Operation>> = {};
  for (const [, members] of groups) {
    const count = (p: string) => Object.keys(paths[p]!).filter((m) => METHODS.has(m)).length;
    const canonical = [...members].sort((a, b) => count(b) - count(a) || a.localeCompare(b))[0]!;
    const target: Record<string, Operation> = (merged[canonical] ??= {});
    const names = [...canonical.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    for (const p of members) {
      const own = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      for (const [method, op] of Object.entries(paths[p]!)) {
        if (p !== canonical && op.parameters) {
          op.parameters = op.parameters.map((param) => {
            const at = param.in === 'path' ? own.indexOf(param.name) : -1;
            if (at === -1 || names[at] === param.name) return param;
            return {
              ...param,
              name: names[at]!,
              description: [param.description, `Named \`${param.name}\` by this operation's route; the summary says what it accepts.`]
                .filter(Boolean)
                .join(' '),
            };
          });
        }
        target[method] = op;
      }
    }
  }
  return merged;
}

/** Public operations say so in their summary ("… Public."). */
function securityFor(op: Operation): Operation['security'] {
  const summary = `${op.summary ?? ''} ${op.description ?? ''}`;
  if (!/\bPublic\b/.test(summary)) return [{ bearer: [] }];
  // Public, but a token changes the answer (drafts for admins): both are allowed.
  return /\b(for admins|admins may)\b/i.test(summary) ? [{}, { bearer: [] }] : [];
}

/** Every error is shaped in one place (errors.ts): `{"message": "…", "code": "…"}`. */
const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    message: { type: 'string', description: 'A sentence for the person using the screen.' },
    code: { type: 'string', enum: ERROR_CODES, description: 'What programs branch on; see "Errors" above.' },
    field: { type: 'string', description: 'On an `invalid_input` 400: the request field it is about, when it is about one.' },
  },
  required: ['message', 'code'],
  example: { message: 'Not found.', code: 'not_found' },
};
const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

/** operationId, security, error bodies and unambiguous paths for every operation of a generated document. */
export function completeDocument<T extends OpenApiDoc>(doc: T): T {
  const paths = mergeAmbiguousPaths(doc.paths ?? {});
  const components = (doc.components ?? {}) as { schemas?: Record<string, unknown> };
  components.schemas = { ...components.schemas, Error: ERROR_SCHEMA };
  const taken = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      let id = op.operationId ?? operationIdFor(method, path);
      for (let n = 2; taken.has(id); n++) id = `${operationIdFor(method, path)}${n}`;
      taken.add(id);
      op.operationId = id;
      op.security ??= securityFor(op);
      op.requestBody ??= READ_BY_ROUTE_BODIES[`${method} ${path}`];
      const responses = (op.responses ??= {});
      const add = (status: string, description: string) => (responses[status] ??= { description });
      // What every operation of its kind may answer, documented or not: a token checked (http/auth.ts,
      // 403 for an unapproved client), parameters and bodies checked (http/router.ts), bodies capped
      // (http/body-drain.ts, lib/storage.ts), uploads sniffed.
      const security = op.security ?? [];
      const tokenRequired = security.length > 0 && security.every((s) => 'bearer' in s);
      if (tokenRequired) add('401', 'No or bad token');
      if (tokenRequired) add('403', 'Not allowed: an unapproved client, or a role the operation is not for');
      if (op.parameters?.length || op.requestBody) add('400', 'Invalid input; the message names the problem');
      if (op.requestBody) add('413', 'The body is too large (JSON over 1 MB, a file over its limit)');
      if (op.requestBody) add('415', 'The body is not of a media type the operation takes, or a file type is not accepted (by content)');
      add('default', 'A server-side failure: 500, 503 (the database cannot be reached) or 507 (the disk is full)');
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if ((/^[45]\d\d$/.test(status) || status === 'default') && !response.content) response.content = ERROR_CONTENT;
      }
    }
  }
  return { ...doc, paths, components };
}
