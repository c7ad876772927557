import { z } from 'zod';
import { SERVICE_LIMITS } from './services.limits.ts';

export const SubServiceSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    parentService: z.string().nullable(),
  })
  .meta({ id: 'SubService' });

export const ServiceSchema = SubServiceSchema.extend({ subservices: z.array(SubServiceSchema) }).meta({ id: 'Service' });
export type SubService = z.infer<typeof SubServiceSchema>;
export type Service = z.infer<typeof ServiceSchema>;

export { SERVICE_LIMITS };

/** docs/product.md §5 "Service creation": a title is needed; a sub-service needs a title and a parent service. */
/** A request or contact message naming a service that is not one of the catalogue's. */
export const SERVICE_NOT_LISTED = 'Please choose a service from the list.';

export const SERVICE_TEXTS = {
  titleRequired: 'Please enter a service title.',
  parentRequired: 'Please choose a parent service.',
  /** 409: the request form would list two identical choices (the name compared in any case). */
  serviceExists: 'A service with this title already exists.',
  subServiceExists: 'This service already has a sub-service with this title.',
} as const;

const title = z
  .string({ error: SERVICE_TEXTS.titleRequired })
  .trim()
  .min(1, { error: SERVICE_TEXTS.titleRequired })
  .max(SERVICE_LIMITS.title, { error: 'A service title can be at most 120 characters.' });
const description = z.string().trim().max(SERVICE_LIMITS.description, { error: 'A description can be at most 2,000 characters.' });
// An empty parent field (a form's "none" option) means a top-level service.
export const PARENT_NOT_FOUND = 'Parent service not found.';
const parentService = z
  .string()
  .trim()
  .max(64, { error: PARENT_NOT_FOUND })
  .transform((v) => v || null)
  .nullable();

/** POST /services fields (multipart text fields). */
export const CreateServiceSchema = z.object({
  title,
  description: description.optional(),
  parentService: parentService.optional(),
});
export type CreateService = z.infer<typeof CreateServiceSchema>;

/** PUT /services/{id}: every field optional; null description clears it, null parentService makes it top-level. */
export const UpdateServiceSchema = z
  .object({
    title: title.optional(),
    description: description.nullable().optional(),
    parentService: parentService.optional(),
  })
  .meta({ id: 'UpdateService' });
export type UpdateService = z.infer<typeof UpdateServiceSchema>;

/**
 * The Add New Service / Add Sub-Service / Edit form of /admin-service (docs/product.md §5). The
 * form words a too-long text itself, as its counters do, so the lengths
 * carry no message here. An empty parent is "none": only the sub-service form needs one.
 */
export const ServiceFormSchema = z.object({
  title: z.string().trim().min(1, { error: SERVICE_TEXTS.titleRequired }).max(SERVICE_LIMITS.title),
  parentService: z.string(),
  description: z.string().trim().max(SERVICE_LIMITS.description),
});
export const SubServiceFormSchema = ServiceFormSchema.extend({ parentService: z.string().min(1, { error: SERVICE_TEXTS.parentRequired }) });
export type ServiceFormInput = z.input<typeof ServiceFormSchema>;

export const ServiceIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' } }),
});

export const ServiceAnswerSchema = z.object({ message: z.string(), data: SubServiceSchema });
/** The 409 of DELETE /services/{id} while open requests use the service, shown as is by /admin-service. */
export function serviceInUseMessage(openRequests: number): string {
  const requests = openRequests === 1 ? '1 open request uses' : `${openRequests} open requests use`;
  return `This service cannot be deleted: ${requests} it. Close ${openRequests === 1 ? 'that request' : 'those requests'} first; closed requests keep the service's name.`;
}

export const ServiceDeletedSchema = z.object({
  message: z.string(),
  deletedSubservices: z.number(),
  detachedQueries: z.number(),
});

/** Documentation only: multipart bodies are streamed by lib/storage.ts, never buffered by a validator. */
export const serviceMultipartDoc = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', maxLength: 120 },
    description: { type: 'string', maxLength: 2000 },
    parentService: { type: 'string', description: 'Id of a top-level service; makes this a sub-service.' },
    image: { type: 'string', format: 'binary', description: 'JPG, PNG, GIF, WebP or AVIF.' },
  },
} as const;

/** The same fields for PUT /services/{id}: each optional, as an edit sends only what changed. */
export const serviceUpdateMultipartDoc = { type: 'object', properties: serviceMultipartDoc.properties } as const;
