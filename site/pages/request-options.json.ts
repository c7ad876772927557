import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';

// The request options the service and trade pages link to, from content/.
// The server seeds a sub-service for every pair it does not have yet
// (portal-api/src/db/seed.ts seedContentServices), so a new trade page gets
// its request option from its content file, not from code.
export const GET: APIRoute = async () => {
  const pages = [...(await getCollection('services')), ...(await getCollection('trades'))];
  const pairs = new Map<string, { service: string; subService?: string }>();
  for (const { data } of pages) pairs.set(`${data.request.service}\u0000${data.request.subService ?? ''}`, data.request);
  return new Response(JSON.stringify({ options: [...pairs.values()] }), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
