import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import type { Deps } from './deps.ts';
import type { AppEnv } from './http/env.ts';
import { securityPolicy } from './http/csp.ts';
import { apiReference } from './http/docs.ts';
import { readOrRefuseBody } from './http/body-drain.ts';
import { errorBody, onError } from './http/errors.ts';
import { completeDocument, OPENAPI_CONFIG, type OpenApiDoc } from './http/openapi.ts';
import { createSiteHandlers } from './http/static.ts';
import { createUploadsHandler } from './http/uploads.ts';
import { requestLogger } from './http/request-log.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { blogPagesRoutes } from './modules/blogs/blogs.pages.ts';
import { blogsRoutes } from './modules/blogs/blogs.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { chatsRoutes } from './modules/chats/chats.routes.ts';
import { ClientFrameSchema, ServerFrameSchema } from './modules/chats/chats.schema.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { deliverablesRoutes } from './modules/deliverables/deliverables.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { outcomesRoutes } from './modules/outcomes/outcomes.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { queriesAdminRoutes } from './modules/queries/queries.admin.routes.ts';
import { queriesRoutes } from './modules/queries/queries.routes.ts';
import { quotesRoutes } from './modules/quotes/quotes.routes.ts';
import { workspaceRoutes } from './modules/workspace/workspace.routes.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { sheetIndexRoutes } from './modules/sheet-index/sheet-index.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { TUS_PATH } from './modules/uploads/uploads.schema.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { staffRoutes } from './modules/users/staff.routes.ts';
import { queriesAssignRoutes } from './modules/queries/queries.assign.routes.ts';
import { notesRoutes } from './modules/notes/notes.routes.ts';
import { savedRepliesRoutes } from './modules/saved-replies/saved-replies.routes.ts';
import { JSON_LIMIT } from './http/limits.ts';

/** The Hono app: the site, the API under /api and the stored files under /uploads. */
export function createApp(deps: Deps) {
  const app = new OpenAPIHono<AppEnv>();

  app.use(requestId());
  // The one body limit (http/body-drain.ts): JSON and other bodies at 1 MB; multipart uploads are
  // capped by lib/storage.ts and tus PATCH bodies (up to UPLOAD_MAX_MB) by @tus/server.
  const jsonBodies = readOrRefuseBody(JSON_LIMIT);
  const tusBodies = readOrRefuseBody(deps.storage.uploadMaxBytes, { streamed: true });
  app.use((c, next) => (c.req.path.startsWith(TUS_PATH) ? tusBodies : jsonBodies)(c, next));
  const logRequest = requestLogger(deps.log);
  app.use(async (c, next) => {
    const started = performance.now();
    const reqId = c.get('requestId');
    c.set('log', deps.log.child({ reqId }));
    // An upload's announced size counts as in flight until its answer (modules/metrics).
    const uploading = isUpload(c.req.method, c.req.path, c.req.header('content-type')) ? Number(c.req.header('content-length')) || 0 : 0;
    if (uploading) deps.metrics.uploadBytesInFlight.inc(uploading);
    try {
      await next();
    } finally {
      if (uploading) deps.metrics.uploadBytesInFlight.dec(uploading);
    }
    const elapsed = performance.now() - started;
    // The matched pattern (/api/queries/:id), never the raw path: one series per route.
    deps.metrics.observe(c.req.method, routePath(c), c.res.status, elapsed / 1000);
    const ms = Math.round(elapsed * 10) / 10;
    // The same line a child would write: its bindings, then the entry.
    logRequest({ reqId, method: c.req.method, path: c.req.path, status: c.res.status, ms });
  });
  // Hono's secure headers (X-Frame-Options DENY, strict-origin-when-cross-origin, no HSTS
  // here) and the CSP, set in one step after the handler (http/csp.ts).
  app.use(securityPolicy(deps.config.distDir));

  const api = apiRoutes(deps);
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  // The chat WebSocket is no HTTP operation; its frames are documented as schemas (http/openapi.ts).
  api.openAPIRegistry.register('ChatClientFrame', ClientFrameSchema);
  api.openAPIRegistry.register('ChatServerFrame', ServerFrameSchema);
  // One document for /api/openapi.json and /api/docs, completed once (http/openapi.ts).
  let document: OpenApiDoc | undefined;
  const openApiDocument = () => (document ??= completeDocument(api.getOpenAPI31Document(OPENAPI_CONFIG) as OpenApiDoc));
  api.get('/openapi.json', (c) => c.json(openApiDocument()));
  const reference = apiReference(openApiDocument);
  api.get('/docs', reference.page);
  // Scalar's browser bundle, served from this install (no CDN).
  api.get('/docs/scalar.js', reference.script);
  api.notFound((c) => c.json(errorBody(404, 'Not found.'), 404));
  // docs/product.md §3 has relative profileImage paths 'prefixed with the API base': /api/uploads/… is the
  // file under /uploads/… (a permanent redirect that keeps the query, so a signed link still works).
  // Only the two file areas: /api/uploads/tus is the resumable uploads' own endpoint.
  const toFile = (c: Context) => {
    const url = new URL(c.req.url);
    return c.redirect(`${url.pathname.slice('/api'.length)}${url.search}`, 308);
  };
  app.on(['GET', 'HEAD'], '/api/uploads/public/*', toFile);
  app.on(['GET', 'HEAD'], '/api/uploads/private/*', toFile);
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorBody(404, 'Not found.'), 404));

  app.route('/', metricsRoutes(deps));
  app.on(['GET', 'HEAD'], '/uploads/*', createUploadsHandler(deps.storage, deps.db));
  // /blog/{slug} rendered on the server, /rss.xml, /sitemap-blog.xml (before the static site).
  app.route('/', blogPagesRoutes(deps));
  app.on(['GET', 'HEAD'], '*', ...createSiteHandlers(deps.config.distDir, deps.config.publicUrl));

  app.onError(onError);
  app.notFound((c) => c.json(errorBody(404, 'Not found.'), 404));
  return app;
}

/**
 * The API's sub-apps, chained (not mounted in a loop) so that their routes' types add up to
 * AppType, which the browser's `hc<AppType>` client (site/lib/api.ts) is typed from.
 */
function apiRoutes(deps: Deps) {
  return (
    new OpenAPIHono<AppEnv>()
      .route('/', healthRoutes(deps))
      .route('/', authRoutes(deps))
      .route('/', usersRoutes(deps))
      .route('/', staffRoutes(deps))
      // The bid workflow's sub-apps before /queries/{id}: GET /queries/stats/monthly is a static path.
      .route('/', outcomesRoutes(deps))
      .route('/', quotesRoutes(deps))
      .route('/', filesRoutes(deps))
      .route('/', deliverablesRoutes(deps))
      .route('/', queriesAdminRoutes(deps))
      .route('/', queriesAssignRoutes(deps))
      .route('/', notesRoutes(deps))
      .route('/', savedRepliesRoutes(deps))
      .route('/', queriesRoutes(deps))
      .route('/', workspaceRoutes(deps))
      .route('/', chatsRoutes(deps))
      .route('/', servicesRoutes(deps))
      .route('/', blogsRoutes(deps))
      .route('/', categoriesRoutes(deps))
      .route('/', contactRoutes(deps))
      .route('/', activitiesRoutes(deps))
      .route('/', companiesRoutes(deps))
      .route('/', searchRoutes(deps))
      .route('/', uploadsRoutes(deps))
      .route('/', sheetIndexRoutes(deps))
      .route('/', siteRoutes(deps))
  );
}

export type App = ReturnType<typeof createApp>;
/** Every /api route with its inputs and answers: `hc<AppType>('/api')` in the browser. */
export type AppType = ReturnType<typeof apiRoutes>;

/** A multipart request or a tus PATCH: a body streamed to disk. */
function isUpload(method: string, path: string, contentType: string | undefined): boolean {
  if (method === 'PATCH') return path.startsWith(TUS_PATH);
  return method === 'POST' && /^multipart\/form-data/i.test(contentType ?? '');
}
