/**
 * The server factory: `buildApp(config)` assembles Fastify with the database, REST auth,
 * GraphQL (HTTP + WebSocket), health check and the server-rendered web app, without
 * listening — tests and `main.ts` both use it.
 */
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authRoutes, socialRoutes, guardAuthRoutes, twoFactorRecoveryRoutes, uploadRoutes } from './modules/identity/index.js';
import { type AnalyticsRecorder, readProductFiles, recordDocumentView, registerAnalytics, seedDatabase, registerSeoRoutes } from './modules/content/index.js';
import type { Config } from './platform/config.js';
import { type DatabaseHandle, openDatabase } from './platform/db/index.js';
import { type LivePubSub, createLivePubSub } from './platform/graphql/pubsub.js';
import { type GraphQLServer, registerGraphQL } from './graphql/server.js';
import { type Services, createServices } from './services.js';
import { registerHealth } from './platform/health/index.js';
import { installErrorHandler } from './platform/http/errors.js';
import { databaseLabel } from './platform/http/unavailable.js';
import { type JobQueue, createJobQueue } from './platform/jobs/queue.js';
import type { RateLimits } from './platform/security/limits.js';
import type { Challenges } from './platform/security/challenge.js';
import { registerEventJob, webhookRoutes } from './modules/money/index.js';
import { type MailService, createMailService } from './platform/mail/index.js';
import { registerControlCharGuard } from './platform/security/controlChars.js';
import { registerSecurityHeaders } from './platform/security/headers.js';
import { registerApiCors, registerTransportRules } from './platform/security/transport.js';
import { createRateLimits } from './platform/security/limits.js';
import { createChallenges } from './platform/security/challenge.js';
import { challengeRoutes } from './platform/security/challengeRoutes.js';
import { withSigningSecret } from './platform/security/signingSecret.js';
import { clientAddressOf, DocumentFastPath, serverWithFastPath } from './ssr/fastPath.js';
import { type SsrHandle, registerSsr } from './ssr/index.js';
import { fastifyTrustProxy } from './platform/settings.js';

export interface BuildOptions {
  /** Serve the web app (default true); API-only tests turn it off. */
  web?: boolean;
  /** Use Vite's dev middleware instead of the built web app (`pnpm dev`). */
  viteDev?: boolean;
}

export interface App {
  fastify: FastifyInstance;
  /** The settings the app runs with: `config` with the signing secret resolved (security/signingSecret.ts). */
  config: Config;
  database: DatabaseHandle;
  /** The live-update bus (in-process, or Redis when `REDIS_URL` is set). */
  pubsub: LivePubSub;
  /** Outgoing mail: `mail.send(...)` queues into the durable outbox; its deliveries are `mail` jobs. */
  mail: MailService;
  /** The job queue on the database; its worker runs (unless JOBS_WORKER=off) until `close()`. */
  jobs: JobQueue;
  /** The server-rendered web app and its page cache; null without the web app (`web: false`). */
  ssr: SsrHandle | null;
  /** The page-view counter (ANALYTICS-*, production only); `flush()` writes what it counted. */
  analytics: AnalyticsRecorder;
  /**
   * Stops accepting connections, waits for in-flight requests, closes sockets (ending their
   * subscriptions), quits the Redis clients, stops the job worker (after the jobs in flight)
   * and closes the database.
   */
  close(): Promise<void>;
}

/** Fastify with the server's options; stored pages are answered before it (SITE-CACHE; ssr/fastPath.ts). */
function createFastify(config: Config, fastPath: DocumentFastPath): FastifyInstance {
  return Fastify({
    serverFactory: serverWithFastPath(fastPath),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    // Whose X-Forwarded-For gives request.ip (TRUST_PROXY; by default nobody's, decision 0025).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
}

/** What every answer gets: zod route schemas, the error handler, guards, headers, cookies, compression. */
async function registerHttpRules(fastify: FastifyInstance, config: Config): Promise<void> {
  // Route schemas are zod schemas (the shared field rules of @studio/site/fields).
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  installErrorHandler(fastify, databaseLabel(config.database));
  registerControlCharGuard(fastify); // before every route: no control characters reach a write (API-TEXT)
  await registerSecurityHeaders(fastify, config);
  registerTransportRules(fastify); // SEC-TRANSPORT: no-store on tokens and private answers
  await fastify.register(cookie);
  // Every text answer over 1 KB leaves compressed when the client accepts it (SITE-DELIVERY): JSON,
  // the i18n catalogues, sitemap, robots.txt, /sw.js. Pages and hashed assets come compressed
  // already (the plugin leaves an answer with a Content-Encoding alone). Brotli quality 4: close to
  // gzip's speed with smaller output; the long-lived precompressed assets use 11.
  await fastify.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/** The rate limits, and the per-IP limit of /api/auth on them (SEC-LIMITS, decision 0042). */
async function registerRateLimits(fastify: FastifyInstance, config: Config): Promise<RateLimits> {
  const limits = createRateLimits(config);
  if (!(await limits.connected(2000))) fastify.log.warn('Redis is not reachable yet: rate limits count in this process until it is');
  // Counted in the same Redis as the named limits (shared by every process), and in this process while Redis is unreachable.
  await fastify.register(rateLimit, { global: false, ...limits.pluginOptions });
  return limits;
}

/** The page-view counter, before the pages it counts (ANALYTICS-DOCUMENT), the fast path's stored pages included. */
function registerPageViews(
  fastify: FastifyInstance,
  fastPath: DocumentFastPath,
  database: DatabaseHandle,
  config: Config,
  limits: RateLimits,
): AnalyticsRecorder {
  const analytics = registerAnalytics(fastify, { db: database.db, config, limits });
  // Stored pages the fast path answers never reach the hook: counted there, with Fastify's idea of the client's address.
  const clientAddress = clientAddressOf(fastifyTrustProxy(config.trustProxy));
  fastPath.onServed = (raw) =>
    recordDocumentView(
      { method: raw.method ?? 'GET', url: raw.url ?? '/', headers: raw.headers, ip: clientAddress(raw), hostname: raw.headers.host ?? '', raw },
      analytics,
    );
  return analytics;
}

/** The job queue on the database; its worker starts unless JOBS_WORKER=off. */
function startJobs(database: DatabaseHandle, config: Config, fastify: FastifyInstance): JobQueue {
  return createJobQueue(database.db, {
    kind: database.kind,
    listenUrl: config.database.kind === 'postgres' ? config.database.url : null,
    concurrency: config.jobs.concurrency,
    leaseMs: config.jobs.leaseMs,
    pollIntervalMs: config.jobs.pollIntervalMs,
    log: fastify.log,
  });
}

/**
 * Registers the API (`/api/*`: REST auth, uploads, social sign-in, challenges, Stripe webhooks,
 * health, GraphQL) in one encapsulated scope with its CORS (SEC-TRANSPORT), so no page gets the
 * API's `Vary: Origin`. The proof table guards the /api/auth routes (ACC-SUDO, decision 0044).
 */
async function registerApi(
  fastify: FastifyInstance,
  parts: { config: Config; database: DatabaseHandle; services: Services; limits: RateLimits; challenges: Challenges; jobs: JobQueue },
): Promise<{ graphql: GraphQLServer; health: { close(): Promise<void> } }> {
  const { config, database, services, limits, challenges, jobs } = parts;
  const { sessions, security } = services;
  let graphql: GraphQLServer | undefined;
  let health: { close(): Promise<void> } | undefined;
  // On the root, so the table of routes it sees is the app's (the proof-table test reads it there).
  guardAuthRoutes(fastify, { sessions, security });
  await fastify.register(async (api) => {
    await registerApiCors(api, config);
    health = registerHealth(api, { database, config, jobs });
    await api.register(challengeRoutes, { challenges, config }); // SEC-CHALLENGE
    const { credentials, events } = services;
    await api.register(authRoutes, { db: database.db, sessions, config, credentials, limits, challenges, security, events });
    await api.register(twoFactorRecoveryRoutes, { config, security }); // ACC-2FA-RECOVERY
    await api.register(uploadRoutes, { uploads: services.uploads, sessions, limits });
    await api.register(socialRoutes, { social: services.social, sessions, config, db: database.db, security });
    registerEventJob(services.webhooks);
    // Payouts left in PROCESSING (before decision 0041: waiting for a transfer.paid Stripe never sends) are checked with Stripe.
    await services.payouts.transfers.resume();
    await webhookRoutes(api, services.webhooks);
    graphql = registerGraphQL(api, services);
  });
  return { graphql: graphql!, health: health! };
}

/** Builds the whole server for `config`. Opens (and migrates, and seeds) the database. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const fastPath = new DocumentFastPath();
  const fastify = createFastify(config, fastPath);
  const database = await openDatabase(config, fastify.log, config.migrateOnStart ? 'apply' : 'check');
  // One signing secret for every process on this database (JWT_SECRET, else a database row).
  config = await withSigningSecret(config, database.db, fastify.log);
  if (config.seed) await seedDatabase(database.db, config.contentDir);
  await registerHttpRules(fastify, config);
  const limits = await registerRateLimits(fastify, config);
  const analytics = registerPageViews(fastify, fastPath, database, config, limits);
  const jobs = startJobs(database, config, fastify);
  const mail = createMailService(database.db, jobs, config, fastify.log);
  if (config.jobs.worker) jobs.start();
  const pubsub = createLivePubSub(config, fastify.log);
  const challenges = createChallenges(database.db, limits, config); // SEC-CHALLENGE
  const services = await createServices({ db: database.db, config, log: fastify.log, mail, jobs, limits, pubsub, challenges, analytics });
  const { graphql, health } = await registerApi(fastify, { config, database, services, limits, challenges, jobs });
  registerSeoRoutes(fastify, { db: database.db, config });
  const ssr =
    options.web === false
      ? null
      : await registerSsr(fastify, {
          config,
          graphql,
          authProviders: services.social.enabled(),
          viteDev: options.viteDev ?? false,
          roleOf: (token) => services.sessions.roleOf(token),
          fastPath,
          productSlugs: new Set(readProductFiles(config.contentDir).map((product) => product.slug)),
        });
  // Content changed (an admin's mutation, here or in another process): drop the cached pages that show it.
  const stopInvalidation = ssr ? pubsub.onContentChanged((change) => ssr.invalidate(change)) : () => {};
  if (!ssr) {
    fastify.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No ${request.method} ${request.url.split('?')[0]} on this server` } }),
    );
  }
  const close = closer(async () => {
    fastPath.close();
    await graphql.close();
    await closeFastify(fastify);
    stopInvalidation();
    await pubsub.close();
    await limits.close();
    await ssr?.close();
    await jobs.close();
    await analytics.close();
    await mail.close();
    await health.close();
    await database.close();
  });
  return { fastify, config, database, pubsub, mail, jobs, ssr, analytics, close };
}

/** `work` run once however often the returned function is called (every caller waits for the same run). */
function closer(work: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= work());
}

/**
 * Closes Fastify. It closes the connections idle at that moment; one still receiving a request
 * becomes idle later and would otherwise be held for the keep-alive timeout (72 s), so the idle
 * ones are closed every 200 ms until it is done (SITE-HEALTH).
 */
async function closeFastify(fastify: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => fastify.server.closeIdleConnections(), 200);
  try {
    await fastify.close();
  } finally {
    clearInterval(sweep);
  }
}
