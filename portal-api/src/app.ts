import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { Deps } from './deps.ts';
import type { AppEnv } from './http/env.ts';
import { securityPolicy } from './http/csp.ts';
import { apiReference } from './http/docs.ts';
import { readOrRefuseBody } from './http/body-drain.ts';
import { HttpError, onError } from './http/errors.ts';
import { completeDocument, OPENAPI_CONFIG, type OpenApiDoc } from './http/openapi.ts';
import { createSiteHandler } from './http/static.ts';
import { createUploadsHandler } from './http/uploads.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { blogPagesRoutes } from './modules/blogs/blogs.pages.ts';
import { blogsRoutes } from './modules/blogs/blogs.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { chatsRoutes } from './modules/chats/chats.routes.ts';
import { ClientFrameSchema } from './modules/chats/chats.schema.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { lifecycleRoutes } from './modules/queries/lifecycle.routes.ts';
import { queriesAdminRoutes } from './modules/queries/queries.admin.routes.ts';
import { queriesRoutes } from './modules/queries/queries.routes.ts';
import { queriesWorkspaceRoutes } from './modules/queries/queries.workspace.routes.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';

const JSON_LIMIT = 1024 * 1024;
const PROBES = new Set(['/api/health', '/api/ready']);

export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>();

  app.use(requestId());
  app.use(readOrRefuseBody(JSON_LIMIT));
  app.use(async (c, next) => {
    const started = performance.now();
    const log = deps.log.child({ reqId: c.var.requestId });
    c.set('log', log);
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const entry = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) log.error(entry, 'request');
    // Probes come every few seconds from a load balancer or Docker: debug, not info.
    else if (c.req.path.startsWith('/api/') && !PROBES.has(c.req.path)) log.info(entry, 'request');
    else log.debug(entry, 'request');
  });
  app.use(
    secureHeaders({
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      // Set per response by securityPolicy(): HTML needs the hashes of its own inline scripts.
      contentSecurityPolicy: undefined,
    }),
  );
  app.use(securityPolicy(deps.config.distDir));

  // JSON bodies are capped at 1 MB; multipart bodies stream to disk and are
  // capped by lib/storage.ts (UPLOAD_MAX_MB) instead.
  app.use('/api/*', async (c, next) => {
    if (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) return next();
    return bodyLimit({
      maxSize: JSON_LIMIT,
      onError: () => {
        throw new HttpError(413, 'Request body is too large. The limit is 1 MB.');
      },
    })(c, next);
  });

  const api = new OpenAPIHono<AppEnv>();
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  // The chat WebSocket is no HTTP operation; its client frames are documented as a schema (http/openapi.ts).
  api.openAPIRegistry.register('ChatClientFrame', ClientFrameSchema);
  for (const routes of [
    healthRoutes, authRoutes, usersRoutes, lifecycleRoutes, queriesAdminRoutes, queriesRoutes, queriesWorkspaceRoutes, chatsRoutes, servicesRoutes,
    blogsRoutes, categoriesRoutes, contactRoutes, activitiesRoutes, siteRoutes,
  ]) {
    api.route('/', routes(deps));
  }
  // One document for /api/openapi.json and /api/docs, completed once (http/openapi.ts).
  let document: OpenApiDoc | undefined;
  const openApiDocument = () => (document ??= completeDocument(api.getOpenAPI31Document(OPENAPI_CONFIG) as OpenApiDoc));
  api.get('/openapi.json', (c) => c.json(openApiDocument()));
  const reference = apiReference(openApiDocument);
  api.get('/docs', reference.page);
  // Scalar's browser bundle, served from this install (no CDN).
  api.get('/docs/scalar.js', reference.script);
  api.notFound((c) => c.json({ message: 'Not found.' }, 404));
  app.route('/api', api);
  app.all('/api/*', (c) => c.json({ message: 'Not found.' }, 404));

  app.on(['GET', 'HEAD'], '/uploads/*', createUploadsHandler(deps.storage));
  // /blog/{slug} rendered on the server, /rss.xml, /sitemap-blog.xml (before the static site).
  app.route('/', blogPagesRoutes(deps));
  app.on(['GET', 'HEAD'], '*', createSiteHandler(deps.config.distDir, deps.config.publicUrl));

  app.onError(onError);
  app.notFound((c) => c.json({ message: 'Not found.' }, 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
