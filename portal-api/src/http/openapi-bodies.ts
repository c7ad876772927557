// Request bodies the routes read themselves, declared here for the OpenAPI document only. Multipart
// bodies are streamed to disk by lib/storage.ts, never buffered by a validator, so the routes declare
// no zod body (a zod `form` body would make @hono/zod-openapi parse the whole upload first). The
// fields are the routes' own (each route checks them with its schema once received); a client
// generated from the document can then build the request.

import { z } from 'zod';
import { ChatFileFieldsSchema } from '../modules/chats/chats.schema.ts';
import { SAVED_REPLY_LIMITS } from '../modules/saved-replies/saved-replies.rules.ts';
import { CreateSavedReplySchema } from '../modules/saved-replies/saved-replies.schema.ts';

type JsonSchema = Record<string, unknown>;

/** A route's own zod schema of its text fields, as JSON Schema: its limits and descriptions, written once. */
const fieldsOf = (schema: z.ZodObject) => {
  const { properties, required = [] } = z.toJSONSchema(schema, { io: 'input' }) as {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };
  return { properties, required };
};

const text = (description?: string): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
const file = (description: string): JsonSchema => ({ type: 'string', format: 'binary', description });
const files = (description: string): JsonSchema => ({ type: 'array', items: file(description) });
const multipart = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});
const uploadIds = {
  type: 'array',
  items: { type: 'string' },
  description: 'Ids of the caller’s completed resumable uploads (POST /uploads/tus).',
};

const PLAN_FILES = files('PDF, DWG, ZIP or an image (by content).');

const queryFields = {
  message: text('What the request is about.'),
  service: text('A service id from GET /services.'),
  subService: text('A sub-service id of that service; required when it has sub-services.'),
  bidDueDate: text('YYYY-MM-DD.'),
  subject: text(),
  projectName: {
    type: 'string',
    minLength: 1,
    maxLength: 120,
    description:
      'The project name, 1–120 characters after trimming, no control characters. The request form always sends it; a call that leaves it out entirely (the original multipart call) still works, and that request reads by its message.',
  },
  location: text(),
  reuseFiles: text('Comma-separated ids of files of the caller’s own earlier requests.'),
};

const chatFileFields = fieldsOf(ChatFileFieldsSchema).properties;
const savedReplyFields = fieldsOf(CreateSavedReplySchema);

const blogFields = {
  title: text(),
  subTitle: text(),
  body: text('HTML, sanitised on the server.'),
  category: text('A category id.'),
  tags: text('Comma-separated.'),
  status: { type: 'string', enum: ['draft', 'published'] },
  image: file('The cover image.'),
  removeImage: { type: 'string', enum: ['true', 'false'], description: '`true` drops the cover image.' },
};

/** "METHOD /path" → the request body's content by media type. */
export const READ_BY_ROUTE_BODIES: Record<string, { required: boolean; content: Record<string, { schema: JsonSchema }> }> = {
  'post /queries': {
    required: true,
    content: {
      'multipart/form-data': { schema: multipart({ ...queryFields, 'files[]': PLAN_FILES }, ['message', 'service']) },
      'application/json': {
        schema: { type: 'object', properties: { ...queryFields, uploadIds }, required: ['message', 'service', 'uploadIds'] },
      },
    },
  },
  'post /queries/{id}/addenda': {
    required: true,
    content: {
      'multipart/form-data': { schema: multipart({ 'files[]': PLAN_FILES, note: text() }) },
      'application/json': { schema: { type: 'object', properties: { uploadIds, note: text() }, required: ['uploadIds'] } },
    },
  },
  'post /queries/{id}/deliverables': {
    required: true,
    content: {
      'multipart/form-data': { schema: multipart({ 'files[]': files('Takeoff PDF, XLSX/CSV, DWG, ZIP or an image.') }) },
      'application/json': { schema: { type: 'object', properties: { uploadIds }, required: ['uploadIds'] } },
    },
  },
  'put /users/profile': {
    required: true,
    content: {
      'multipart/form-data': {
        schema: multipart({
          fullName: text(),
          bio: text(),
          phoneNumber: text(),
          company: text(),
          profileImage: file('An image of at most 5 MB, stored as WebP.'),
        }),
      },
    },
  },
  'post /blogs': { required: true, content: { 'multipart/form-data': { schema: multipart(blogFields, ['title', 'body', 'category']) } } },
  'put /blogs/{id}': { required: true, content: { 'multipart/form-data': { schema: multipart(blogFields) } } },
  'post /saved-replies': {
    required: true,
    content: {
      'multipart/form-data': {
        schema: multipart(
          {
            ...savedReplyFields.properties,
            'files[]': {
              ...files('PDF, DWG, ZIP, XLSX, CSV or an image (by content), as deliverables.'),
              maxItems: SAVED_REPLY_LIMITS.files,
            },
          },
          savedReplyFields.required,
        ),
      },
    },
  },
  'post /chats/query/{id}/files': {
    required: true,
    content: {
      'multipart/form-data': {
        schema: multipart({
          'files[]': { ...files("PDF, DWG, ZIP or an image; an admin's also a spreadsheet or document (by content)."), maxItems: 1 },
          ...chatFileFields,
        }),
      },
      'application/json': {
        schema: {
          type: 'object',
          properties: { uploadIds: { ...uploadIds, minItems: 1, maxItems: 1 }, ...chatFileFields },
          required: ['uploadIds'],
        },
      },
    },
  },
  'patch /uploads/tus/{id}': {
    required: true,
    content: {
      'application/offset+octet-stream': {
        schema: { type: 'string', format: 'binary', description: 'The next bytes of the file, from Upload-Offset (tus 1.0.0).' },
      },
    },
  },
  'post /blogs/images': {
    required: true,
    content: { 'multipart/form-data': { schema: multipart({ image: file('The image.') }, ['image']) } },
  },
};
