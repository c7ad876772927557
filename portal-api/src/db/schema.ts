import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { QueryStatus } from '../modules/queries/queries.labels.ts';
import type { BidOutcome, QuoteOption, QuoteState } from '../modules/queries/queries.rules.ts';
import type { Role } from '../shared/roles.ts';

// One *Table type per table (Kysely "getting started"). Times are ISO-8601 UTC text.

export type { Role };
/** 'disabled' is for admins only: an admin another admin turned off (docs/product.md §25). */
export type UserStatus = 'pending' | 'approved' | 'disabled';
export type { QueryStatus };
export type BlogStatus = 'draft' | 'published';
export type CodePurpose = 'login' | 'reset';
export type FileKind = 'attachment' | 'deliverable' | 'chat';
// The bid workflow's states are defined once, in its rules table.
export type { BidOutcome, QuoteOption, QuoteState };

export interface UsersTable {
  id: string;
  full_name: string;
  email: string;
  password_hash: string;
  role: Role;
  status: UserStatus;
  phone_number: string | null;
  company: string | null;
  bio: string | null;
  profile_image: string | null;
  created_at: string;
  updated_at: string;
  /** The client's company (migration 20261130T0400); null for admins. */
  company_id: Generated<string | null>;
  /** The colleague who invited this client, when they joined through an invitation. */
  invited_by: Generated<string | null>;
  /** The time and id of the user's newest request, kept by triggers (migration 20261201T0400); null without any. */
  last_query_at: Generated<string | null>;
  last_query_id: Generated<string | null>;
}

/** A client account of one or more people (docs/product.md, "Colleagues"). */
export interface CompaniesTable {
  id: string;
  name: string;
  owner_id: string;
  created_at: string;
}

/** An invitation to join a company; only the SHA-256 of its token is stored. */
export interface CompanyInvitesTable {
  id: string;
  company_id: string;
  email: string;
  token_hash: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Who gets a request's mails (its author by default). */
export interface QueryFollowersTable {
  query_id: string;
  user_id: string;
  created_at: string;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  id: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

export interface OneTimeCodesTable {
  id: string;
  email: string;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  /** SHA-256 of the login challenge token returned by the password step (login codes only). */
  challenge_hash: string | null;
  attempts: number;
  expires_at: string;
  created_at: string;
  /** Reset codes: set once the code is verified; the reset must follow within 10 minutes. */
  verified_at: string | null;
  consumed_at: string | null;
  /** Reset codes, once verified: SHA-256 of the one-time reset token handed to the verifier. */
  reset_token_hash: string | null;
}

export interface ServicesTable {
  id: string;
  title: string;
  description: string | null;
  image: string | null;
  parent_id: string | null;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface QueriesTable {
  id: string;
  /** The author. */
  user_id: string;
  /** Whose request it is: every member of this company sees it (queries.access.ts). */
  company_id: Generated<string | null>;
  subject: string | null;
  message: string;
  service_id: string | null;
  subservice_id: string | null;
  /**
   * The service's title kept as text once an admin deleted the service (closed requests only),
   * so the request still names what was asked for.
   */
  service_label: Generated<string | null>;
  subservice_label: Generated<string | null>;
  status: QueryStatus;
  bid_due_date: string | null;
  created_at: string;
  updated_at: string;
  /** Null on requests made before project names existed. */
  project_name: string | null;
  location: string | null;
  delivery_due_at: string | null;
  first_answered_at: string | null;
  outcome: BidOutcome | null;
  outcome_margin_pct: number | null;
  outcome_at: string | null;
  outcome_asked_at: string | null;
  /** The admin the request is assigned to (docs/product.md §25); null: the whole team. */
  assignee_id: Generated<string | null>;
  /** The newer of created_at and the newest chat message: the admin chat list's order (migration 20261130T0200). */
  last_activity_at: string | null;
  /** The client's messages the firm has not read, kept by insertMessage and markRead. */
  firm_unread: Generated<number>;
}

export interface QueryFilesTable {
  id: string;
  query_id: string;
  kind: FileKind;
  name: string;
  storage_key: string;
  size: number;
  type: string;
  uploaded_by: string | null;
  created_at: string;
  /** Attachments: 0 = Original, N = Addendum N. */
  file_set: Generated<number>;
  /** Deliverables: revision letter (A, B, …); null on files from before revisions. */
  revision: string | null;
  /** Sheet index (modules/sheet-index): pending → done | failed; summary is the one line shown. */
  index_status: Generated<SheetIndexStatus>;
  index_summary: string | null;
  index_json: string | null;
  /** When an instance took the file to read it; a claim older than the lease is free again. */
  index_claimed_at: string | null;
  /** The sheet titles of its index, space-separated, for the search (migration 20261130T0410). */
  sheet_titles: Generated<string | null>;
}

export interface QuotesTable {
  id: string;
  query_id: string;
  state: QuoteState;
  currency: string;
  price_cents: number;
  standard_hours: number;
  rush_price_cents: number | null;
  rush_hours: number | null;
  note: string | null;
  sent_by: string | null;
  sent_at: string;
  accepted_option: QuoteOption | null;
  decided_by: string | null;
  decided_at: string | null;
  decline_reason: string | null;
}

export interface QueryAddendaTable {
  id: string;
  query_id: string;
  number: number;
  note: string | null;
  created_by: string | null;
  created_at: string;
}

export interface QueryRevisionsTable {
  id: string;
  query_id: string;
  letter: string;
  reason: string | null;
  requested_by: string | null;
  requested_at: string;
  change_note: string | null;
  answered_at: string | null;
}

export type SheetIndexStatus = 'pending' | 'done' | 'failed';
export type UploadStatus = 'uploading' | 'complete';

/** A resumable (tus) upload until a request claims it; its bytes live in uploads/tus/<id>. */
export interface UploadsTable {
  id: string;
  user_id: string;
  name: string;
  size: number | string; // bigint: PostgreSQL returns it as text
  status: UploadStatus;
  type: string | null;
  ext: string | null;
  created_at: string;
  expires_at: string;
}

export interface ChatMessagesTable {
  id: string;
  query_id: string;
  sender_id: string;
  message: string;
  reply_to_id: string | null;
  created_at: string;
  /** A file sent with the message: a query_files row of kind 'chat'. */
  file_id: string | null;
}

/** Unread state: the last time a reader read a query's chat ('firm' stands for every admin). */
export interface QueryReadsTable {
  query_id: string;
  reader_id: string;
  read_at: string;
}

export interface CategoriesTable {
  id: string;
  name: string;
  created_at: string;
}

export interface BlogsTable {
  id: string;
  title: string;
  slug: string;
  sub_title: string | null;
  body: string;
  category_id: string | null;
  status: BlogStatus;
  image: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export interface BlogTagsTable {
  blog_id: string;
  tag: string;
  /** Its place in the list as typed (0 for rows written before 20261124T1200). */
  position: Generated<number>;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  service: string;
  message: string;
  created_at: string;
}

export interface ActivitiesTable {
  id: string;
  /** The client the activity concerns (their dashboard shows it). */
  user_id: string;
  query_id: string | null;
  activity: string;
  status: string;
  created_at: string;
  /** Who acted: 'client' or 'firm' (null on lines written before 20261124T1400). */
  by_role: string | null;
  /** The user who acted (null on lines written before 20261130T0400). */
  actor_id: Generated<string | null>;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** One mail to send (docs/architecture.md §6, the outbox); bodies are blanked once sent. */
export interface OutboxTable {
  id: string;
  /** What the mail is (login-code, new-request, ...): the only thing logged beside the recipient. */
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Where a reply goes when not to the sender (the contact form's visitor); null for most mails. */
  reply_to: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  /** Set while a worker sends the row; a lease that ran out (crash) makes the row claimable again. */
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** When a chat notice last went out for a query, per audience ('company' | 'client'). */
export interface ChatMailMarksTable {
  query_id: string;
  audience: string;
  mailed_at: string;
}

/** Requests per status, kept by triggers on queries (migration 20261124T0700); the admin queue's total. */
/** Requests per UTC hour of creation ('YYYY-MM-DDTHH') and current status, kept by triggers (migration 20261129T0700). */
export interface QueryHourCountsTable {
  hour: string;
  status: QueryStatus;
  n: number;
}

/** Users per role, kept by triggers (migration 20261129T0700). */
export interface UserRoleCountsTable {
  role: Role;
  n: number;
}

export interface QueryStatusCountsTable {
  status: QueryStatus;
  n: number;
}

/** An Idempotency-Key a user sent (migration 20261124T1500): running while its first call runs, then its kept answer. */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  state: 'running' | 'done';
  /** Random id of the call that holds the row: only it renews the lease or writes the answer. */
  claim: string;
  /** While running: the lease its call renews; past it, the call is taken for dead. */
  locked_until: string | null;
  status: number | null;
  body: string | null;
  /** SHA-256 (base64url) of the call's JSON body; null for multipart bodies. */
  fingerprint: string | null;
  created_at: string;
  expires_at: string;
}

/** An invitation of a new admin: only the SHA-256 of the link's token is kept. */
export interface StaffInvitationsTable {
  id: string;
  email: string;
  token_hash: string;
  invited_by: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A note between admins on a request, never shown to its client (docs/product.md §25). */
export interface QueryNotesTable {
  id: string;
  query_id: string;
  author_id: string | null;
  body: string;
  created_at: string;
}

export interface SavedRepliesTable {
  id: string;
  title: string;
  /** lower(title): the unique key, so two titles differing only in case are one. */
  title_key: string;
  body: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface SavedReplyFilesTable {
  id: string;
  reply_id: string;
  name: string;
  storage_key: string;
  size: number;
  type: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  services: ServicesTable;
  queries: QueriesTable;
  query_files: QueryFilesTable;
  uploads: UploadsTable;
  chat_messages: ChatMessagesTable;
  query_reads: QueryReadsTable;
  categories: CategoriesTable;
  blogs: BlogsTable;
  blog_tags: BlogTagsTable;
  contact_messages: ContactMessagesTable;
  activities: ActivitiesTable;
  settings: SettingsTable;
  quotes: QuotesTable;
  query_addenda: QueryAddendaTable;
  query_revisions: QueryRevisionsTable;
  outbox: OutboxTable;
  chat_mail_marks: ChatMailMarksTable;
  query_status_counts: QueryStatusCountsTable;
  query_hour_counts: QueryHourCountsTable;
  user_role_counts: UserRoleCountsTable;
  idempotency_keys: IdempotencyKeysTable;
  companies: CompaniesTable;
  company_invites: CompanyInvitesTable;
  query_followers: QueryFollowersTable;
  staff_invitations: StaffInvitationsTable;
  query_notes: QueryNotesTable;
  saved_replies: SavedRepliesTable;
  saved_reply_files: SavedReplyFilesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type QueryRow = Selectable<QueriesTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type BlogRow = Selectable<BlogsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
