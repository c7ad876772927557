import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { requestId } from 'hono/request-id';
import type { Deps } from './deps.ts';
import type { AppEnv } from './http/env.ts';
import type { Logger } from './lib/logger.ts';
import { securityPolicy } from './http/csp.ts';
import { apiReference } from './http/docs.ts';
import { readOrRefuseBody } from './http/body-drain.ts';
import { HttpError, onError } from './http/errors.ts';
import { completeDocument, OPENAPI_CONFIG, type OpenApiDoc } from './http/openapi.ts';
import { createSiteHandlers } from './http/static.ts';
import { createUploadsHandler } from './http/uploads.ts';
import type { AnswerReplay } from './http/replay.ts';
import { requestLogger } from './http/request-log.ts';
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
import { sheetIndexRoutes } from './modules/sheet-index/sheet-index.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { TUS_PATH } from './modules/uploads/uploads.schema.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { JSON_LIMIT } from './http/limits.ts';

/** The Hono app; `replay` keeps the answers of anonymous cached reads that server.ts replays before it. */
export function createApp(deps: Deps, replay: AnswerReplay) {
  const app = new OpenAPIHono<AppEnv>();

  // Outermost, so that it sees the answer exactly as it leaves (http/replay.ts).
  app.use(replay.record);
  app.use(requestId());
  // tus PATCH bodies may be as large as UPLOAD_MAX_MB; @tus/server reads them itself.
  const refuseJson = readOrRefuseBody(JSON_LIMIT);
  const refuseTus = readOrRefuseBody(deps.storage.uploadMaxBytes);
  app.use((c, next) => (c.req.path.startsWith(TUS_PATH) ? refuseTus : refuseJson)(c, next));
  const logRequest = requestLogger(deps.log);
  app.use(async (c, next) => {
    const started = performance.now();
    const reqId = c.get('requestId');
    // The request's own logger (with its reqId) is made only if something logs through it:
    // pino's child() costs more than a cached read (issue 15, docs/performance.md).
    c.set('log', lazyChild(deps.log, reqId));
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // The same line a child would write: its bindings, then the entry.
    logRequest({ reqId, method: c.req.method, path: c.req.path, status: c.res.status, ms });
  });
  // Hono's secure headers (X-Frame-Options DENY, strict-origin-when-cross-origin, no HSTS
  // here) and the CSP, set in one step after the handler (http/csp.ts).
  app.use(securityPolicy(deps.config.distDir));

  // JSON bodies are capped at 1 MB; multipart bodies stream to disk and are
  // capped by lib/storage.ts (UPLOAD_MAX_MB) instead.
  app.use('/api/*', async (c, next) => {
    // GET and HEAD carry no body here; asking for one would build a whole fetch Request per call.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) return next();
    // tus PATCH bodies are capped by UPLOAD_MAX_MB inside @tus/server.
    if (c.req.path.startsWith(TUS_PATH)) return next();
    return bodyLimit({
      maxSize: JSON_LIMIT,
      onError: () => {
        throw new HttpError(413, 'Request body is too large. The limit is 1 MB.');
      },
    })(c, next);
  });

  const api = apiRoutes(deps);
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  // The chat WebSocket is no HTTP operation; its client frames are documented as a schema (http/openapi.ts).
  api.openAPIRegistry.register('ChatClientFrame', ClientFrameSchema);
  // One document for /api/openapi.json and /api/docs, completed once (http/openapi.ts).
  let document: OpenApiDoc | undefined;
  const openApiDocument = () => (document ??= completeDocument(api.getOpenAPI31Document(OPENAPI_CONFIG) as OpenApiDoc));
  api.get('/openapi.json', (c) => c.json(openApiDocument()));
  const reference = apiReference(openApiDocument);
  api.get('/docs', reference.page);
  // Scalar's browser bundle, served from this install (no CDN).
  api.get('/docs/scalar.js', reference.script);
  api.notFound((c) => c.json({ message: 'Not found.' }, 404));
  // SPEC §3 has relative profileImage paths 'prefixed with the API base': /api/uploads/… is the
  // file under /uploads/… (a permanent redirect that keeps the query, so a signed link still works).
  // Only the two file areas: /api/uploads/tus is the resumable uploads' own endpoint.
  const toFile = (c: Context) => {
    const url = new URL(c.req.url);
    return c.redirect(`${url.pathname.slice('/api'.length)}${url.search}`, 308);
  };
  app.on(['GET', 'HEAD'], '/api/uploads/public/*', toFile);
  app.on(['GET', 'HEAD'], '/api/uploads/private/*', toFile);
  app.route('/api', api);
  app.all('/api/*', (c) => c.json({ message: 'Not found.' }, 404));

  app.on(['GET', 'HEAD'], '/uploads/*', createUploadsHandler(deps.storage, deps.db));
  // /blog/{slug} rendered on the server, /rss.xml, /sitemap-blog.xml (before the static site).
  app.route('/', blogPagesRoutes(deps));
  app.on(['GET', 'HEAD'], '*', ...createSiteHandlers(deps.config.distDir, deps.config.publicUrl));

  app.onError(onError);
  app.notFound((c) => c.json({ message: 'Not found.' }, 404));
  return app;
}

/**
 * The API's sub-apps, chained (not mounted in a loop) so that their routes' types add up to
 * AppType, which the browser's `hc<AppType>` client (site/lib/api.ts) is typed from.
 */
function apiRoutes(deps: Deps) {
  return new OpenAPIHono<AppEnv>()
    .route('/', healthRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/', usersRoutes(deps))
    .route('/', lifecycleRoutes(deps))
    .route('/', queriesAdminRoutes(deps))
    .route('/', queriesRoutes(deps))
    .route('/', queriesWorkspaceRoutes(deps))
    .route('/', chatsRoutes(deps))
    .route('/', servicesRoutes(deps))
    .route('/', blogsRoutes(deps))
    .route('/', categoriesRoutes(deps))
    .route('/', contactRoutes(deps))
    .route('/', activitiesRoutes(deps))
    .route('/', uploadsRoutes(deps))
    .route('/', sheetIndexRoutes(deps))
    .route('/', siteRoutes(deps));
}

export type App = ReturnType<typeof createApp>;
/** Every /api route with its inputs and answers: `hc<AppType>('/api')` in the browser. */
export type AppType = ReturnType<typeof apiRoutes>;

/** `log.child({ reqId })`, made on first use. */
function lazyChild(log: Logger, reqId: string): Logger {
  let child: Logger | undefined;
  const real = () => (child ??= log.child({ reqId }));
  return new Proxy({} as Logger, {
    get(_target, key) {
      const target = real();
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(_target, key, value) {
      return Reflect.set(real(), key, value);
    },
  });
}
