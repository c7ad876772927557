import { storePublicImage } from '../../lib/public-image.ts';
import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { NOT_MODIFIED, publicRead, taggedJson } from '../../http/public-cache.ts';
import { ADMIN_ONLY, createRouter, jsonResponse } from '../../http/router.ts';
import type { Storage } from '../../lib/storage.ts';
import {
  countSubservices,
  deleteServiceTree,
  findService,
  insertService,
  listServiceTree,
  titleTaken,
  toSubService,
  updateService,
} from './services.repo.ts';
import {
  CreateServiceSchema,
  PARENT_NOT_FOUND,
  ServiceAnswerSchema,
  ServiceDeletedSchema,
  ServiceIdParamsSchema,
  ServiceSchema,
  serviceInUseMessage,
  serviceMultipartDoc,
  serviceUpdateMultipartDoc,
  SERVICE_TEXTS,
  UpdateServiceSchema,
} from './services.schema.ts';

const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Service images show on cards and pages at most 800 px wide; 2x for sharp screens. */
const SERVICE_IMAGE_WIDTH = 1600;
const ServiceListSchema = z.array(ServiceSchema);

/** Public image URLs are stored as /uploads/<key>?v=…; the key is what storage removes. */
function keyOfImage(url: string | null): string | null {
  const match = url ? /^\/uploads\/(public\/[^?#]+)/.exec(url) : null;
  return match ? match[1]! : null;
}

async function receiveServiceForm(storage: Storage, req: Request) {
  const { fields, files } = await storage.receive(req, { maxFiles: 1, maxFileBytes: IMAGE_MAX_BYTES, fileFields: ['image'] });
  try {
    // Re-encoded, metadata dropped: the original kept its EXIF (GPS, author) on the public site.
    const key = files[0] ? await storePublicImage(storage, files[0], 'services', SERVICE_IMAGE_WIDTH) : null;
    return { fields, image: key ? storage.publicUrl(key, Date.now()) : null };
  } catch (err) {
    await storage.discard(files);
    throw err;
  }
}

/** The services sub-app (docs/product.md §7 "Services"). */
export function servicesRoutes({ db, storage }: Deps) {
  /** A sub-service hangs under an existing top-level service: one level only (docs/product.md §3). */
  async function checkParent(parentId: string | null | undefined, selfId?: string) {
    if (!parentId) return;
    if (parentId === selfId) throw new HttpError(400, 'A service cannot be its own parent.');
    const parent = await findService(db, parentId);
    if (!parent) throw new HttpError(400, PARENT_NOT_FOUND);
    if (parent.parent_id !== null) throw new HttpError(400, 'A sub-service can only be added under a top-level service.');
  }

  /** Two services of one level with the same title would show as identical choices (409, like categories). */
  async function checkTitleFree(title: string, parentId: string | null, selfId?: string) {
    if (await titleTaken(db, title, parentId, selfId)) {
      throw new HttpError(409, parentId ? SERVICE_TEXTS.subServiceExists : SERVICE_TEXTS.serviceExists, { code: 'already_exists' });
    }
  }

  const router = createRouter();
  router.use('/services', publicRead());
  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/services',
        tags: ['Services'],
        summary: 'The service catalogue: top-level services with their sub-services. Public.',
        responses: { 200: jsonResponse(ServiceListSchema, 'Services'), ...NOT_MODIFIED },
      }),
      async (c) => {
        // Fetched with "no cache": revalidated every time by ETag (http/public-cache.ts),
        // so an edit shows at once and an unchanged list costs a 304.
        const services = await listServiceTree(db);
        return taggedJson(c, services);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/services',
        tags: ['Services'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Adds a service, or a sub-service when parentService names a top-level service. Admin only.',
        description: 'multipart/form-data: title (required), description, parentService, image (optional).',
        request: { body: { required: true, content: { 'multipart/form-data': { schema: serviceMultipartDoc as never } } } },
        responses: {
          201: jsonResponse(ServiceAnswerSchema, 'Created'),
          400: { description: 'No title, or the parent is unknown or itself a sub-service' },
          409: { description: 'A service of the same level already has this title (in any case)' },
          415: { description: 'Image type not accepted' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { fields, image } = await receiveServiceForm(storage, c.req.raw);
        try {
          const input = CreateServiceSchema.parse(fields);
          await checkParent(input.parentService);
          await checkTitleFree(input.title, input.parentService ?? null);
          const row = await insertService(db, {
            title: input.title,
            description: input.description || null,
            parentId: input.parentService ?? null,
            image,
          });
          return c.json(
            { message: row.parent_id ? 'Sub-service created successfully' : 'Service created successfully', data: toSubService(row) },
            201,
          );
        } catch (err) {
          await storage.remove(keyOfImage(image));
          throw err;
        }
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/services/{id}',
        tags: ['Services'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Edits a service or sub-service. Admin only.',
        description:
          'JSON {title?, description?, parentService?}; parentService null makes it top-level. A service that has sub-services cannot ' +
          'become a sub-service. The same fields as multipart/form-data may also carry a new image.',
        request: {
          params: ServiceIdParamsSchema,
          body: {
            required: false,
            content: {
              'application/json': { schema: UpdateServiceSchema },
              'multipart/form-data': { schema: serviceUpdateMultipartDoc as never },
            },
          },
        },
        responses: {
          200: jsonResponse(ServiceAnswerSchema, 'Updated'),
          400: { description: 'Invalid field' },
          404: { description: 'No such service' },
          409: { description: 'A service of the same level already has this title (in any case)' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const existing = await findService(db, id);
        if (!existing) throw new HttpError(404, 'Service not found.');
        const isMultipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
        const { fields, image } = isMultipart ? await receiveServiceForm(storage, c.req.raw) : { fields: c.req.valid('json'), image: null };
        try {
          const patch = UpdateServiceSchema.parse(fields);
          if (patch.parentService !== undefined && patch.parentService !== existing.parent_id) {
            await checkParent(patch.parentService, id);
            if (patch.parentService && (await countSubservices(db, id)) > 0) {
              throw new HttpError(400, 'A service that has sub-services cannot become a sub-service.');
            }
          }
          if (patch.title !== undefined || patch.parentService !== undefined) {
            const parentId = patch.parentService === undefined ? existing.parent_id : patch.parentService;
            await checkTitleFree(patch.title ?? existing.title, parentId, id);
          }
          const updated = await updateService(db, id, {
            title: patch.title,
            description: patch.description === undefined ? undefined : patch.description || null,
            parentId: patch.parentService,
            image: image ?? undefined,
          });
          if (!updated) throw new HttpError(404, 'Service not found.');
          await storage.remove(keyOfImage(updated.replaced));
          return c.json({ message: 'Service updated successfully', data: toSubService(updated.row) }, 200);
        } catch (err) {
          await storage.remove(keyOfImage(image));
          throw err;
        }
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/services/{id}',
        tags: ['Services'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Deletes a service together with its sub-services. Admin only.',
        description:
          'Delete policy: refused with 409 (naming how many) while requests that are not closed use the service or one of its ' +
          'sub-services. Otherwise the service and all its sub-services are removed with their images; closed requests that used them ' +
          'keep their message, files and chat, and keep the titles as text (service/subservice with an empty _id).',
        request: { params: ServiceIdParamsSchema },
        responses: {
          200: jsonResponse(ServiceDeletedSchema, 'Deleted'),
          404: { description: 'No such service' },
          409: { description: 'Open requests use the service; the message says how many' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        if (!(await findService(db, id))) throw new HttpError(404, 'Service not found.');
        const { removed, detachedQueries, openQueries } = await deleteServiceTree(db, id);
        if (openQueries > 0) throw new HttpError(409, serviceInUseMessage(openQueries));
        await Promise.all(removed.map((r) => storage.remove(keyOfImage(r.image))));
        const deletedSubservices = removed.length - 1;
        return c.json({ message: 'Service deleted successfully', deletedSubservices, detachedQueries }, 200);
      },
    );
}
