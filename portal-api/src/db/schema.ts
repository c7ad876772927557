import type { Insertable, Selectable, Updateable } from 'kysely';

// One *Table type per table (Kysely "getting started"). Times are ISO-8601 UTC text.

export type Role = 'admin' | 'client';
export type UserStatus = 'pending' | 'approved';
export type QueryStatus = 'pending' | 'in_progress' | 'answered' | 'closed';
export type BlogStatus = 'draft' | 'published';
export type CodePurpose = 'login' | 'reset';
export type FileKind = 'attachment' | 'deliverable';

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
  user_id: string;
  subject: string | null;
  message: string;
  service_id: string | null;
  subservice_id: string | null;
  status: QueryStatus;
  bid_due_date: string | null;
  created_at: string;
  updated_at: string;
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
}

export interface ChatMessagesTable {
  id: string;
  query_id: string;
  sender_id: string;
  message: string;
  reply_to_id: string | null;
  created_at: string;
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
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  services: ServicesTable;
  queries: QueriesTable;
  query_files: QueryFilesTable;
  chat_messages: ChatMessagesTable;
  categories: CategoriesTable;
  blogs: BlogsTable;
  blog_tags: BlogTagsTable;
  contact_messages: ContactMessagesTable;
  activities: ActivitiesTable;
  settings: SettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type QueryRow = Selectable<QueriesTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type BlogRow = Selectable<BlogsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
