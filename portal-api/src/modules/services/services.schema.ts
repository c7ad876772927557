import { z } from '@hono/zod-openapi';

export const SubServiceSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    parentService: z.string().nullable(),
  })
  .openapi('SubService');

export const ServiceSchema = SubServiceSchema.extend({ subservices: z.array(SubServiceSchema) }).openapi('Service');
