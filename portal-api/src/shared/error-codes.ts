// The machine side of every error answer, `{ "message", "code" }`: the message is for people and
// may be reworded; the code is a stable snake_case word that programs (the browser's screens, the
// chat socket, API clients) branch on. One list for the server (http/errors.ts), the browser
// (site/lib/api.ts) and the OpenAPI document (http/openapi.ts). Plain data: the browser imports it.

/** Codes every status falls back to when the thrower named none. */
export const STATUS_CODES = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  // Only the resumable uploads answer 410 (tus expiration): the upload is gone, as uploads_gone says.
  410: 'uploads_gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal_error',
  503: 'service_unavailable',
  507: 'insufficient_storage',
} as const;

/**
 * Codes named where a program branches on the cause, not only on the status. Each says what a
 * client does about it; the texts beside them are the documentation of /api/openapi.json.
 */
export const SPECIFIC_CODES = {
  malformed_json: 'The body is not the JSON the route expects.',
  session_expired: 'The session token is unknown, revoked or expired: sign in again.',
  session_ended: 'The chat socket’s session ended (logout, password reset, expiry); the socket closes next.',
  invalid_credentials: 'The e-mail and password do not match an account.',
  otp_required: 'The sign-in code sent by e-mail must be verified first.',
  invalid_otp: 'The code is wrong or expired.',
  otp_exhausted: 'Too many wrong codes: request a new one.',
  not_approved: 'The account waits for an admin’s approval.',
  link_expired: 'A signed download link expired or is not valid: reload to get a new one.',
  query_closed: 'The request is closed and takes no more messages or files.',
  invalid_transition: 'The request or quote is not in a state that allows this move.',
  already_exists: 'A record with this name already exists.',
  file_type_refused: 'A file’s sniffed type is not accepted (the message names the file).',
  file_too_large: 'A file is over the upload limit.',
  uploads_gone: 'Uploads named by the request expired or were used: add those files again.',
  uploads_not_ready: 'Uploads named by the request have not finished: wait for them.',
  idempotency_in_progress: 'A request with this Idempotency-Key is still running.',
  idempotency_mismatch: 'This Idempotency-Key was used for another request.',
  database_unreachable: 'The database cannot be reached: try again later.',
  unknown_frame: 'A WebSocket frame whose `type` the server does not know.',
  invalid_frame: 'A WebSocket frame that is not a JSON object of the documented shape.',
  signed_in_elsewhere: 'The socket is already bound to another user’s session.',
  invite_invalid: 'An invitation link that is unknown or was already used: ask for a new one.',
  invite_expired: 'An invitation link past its expiry: ask for a new one.',
  invite_other_email: 'An invitation link used to sign up with another e-mail than the one it was sent to.',
  not_company_owner: 'Only the owner of a client company may invite or remove its members.',
  owner_cannot_leave: 'The owner of a client company cannot leave it or remove themselves.',
  account_disabled: 'The admin account was disabled by another admin: it cannot sign in.',
  invitation_invalid: 'The staff invitation link is wrong, for another e-mail, used or expired: ask for a new one.',
  last_admin: 'The last active admin cannot be disabled.',
  invalid_assignee: 'A request can be assigned only to an active admin.',
} as const;

export type ErrorCode = (typeof STATUS_CODES)[keyof typeof STATUS_CODES] | keyof typeof SPECIFIC_CODES;

/** Every code, for the OpenAPI enum and the tests that hold each one to a real answer. */
export const ERROR_CODES: readonly ErrorCode[] = [
  ...new Set<ErrorCode>([...Object.values(STATUS_CODES), ...(Object.keys(SPECIFIC_CODES) as ErrorCode[])]),
];

/** The code of a status no thrower qualified: its own, else the class's (4xx: invalid_input, 5xx: internal_error). */
export function codeForStatus(status: number): ErrorCode {
  const own = (STATUS_CODES as Record<number, ErrorCode>)[status];
  if (own) return own;
  return status >= 500 ? 'internal_error' : 'invalid_input';
}

/** The code of an error answer's body, or undefined when it has none (not our JSON, a network failure). */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code) ? (code as ErrorCode) : undefined;
}
