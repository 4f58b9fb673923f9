import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import { type Db, type DbHandle, InteractiveScope, runInteractive } from "@sms/db";
import { PRODUCT_VERSION } from "@sms/domain";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { PgBoss } from "pg-boss";
import { type Config, fastifyTrustProxy } from "./config.ts";
import { AppError } from "./errors.ts";
import type { SmsGateway } from "./gateway/sms-gateway.ts";
import { JobQueue } from "./jobs/job-queue.ts";

import type { Mailer } from "./mail/mailer.ts";
import { ApiCallLog } from "./modules/api-logs/index.ts";
import { apiModules, jobDefinitions } from "./modules/index.ts";
import { registerLinkRoutes } from "./modules/links/index.ts";
import { registerOptOutRoutes } from "./modules/opt-outs/index.ts";
import { publicApiRoutes, publicOtpRoutes } from "./modules/public-api/index.ts";
import { createConnectionSource } from "./modules/smsc-connections/index.ts";
import { type OpenApiDocument, publicOpenApi } from "./platform/public-openapi.ts";
import { createServices, type Services } from "./platform/services.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { registerLocale } from "./plugins/locale.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { createStorage, type ObjectStorage } from "./storage/index.ts";
import { registerWeb } from "./web/static.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    /** The database for queries and transactions: what routes and use cases take (`Db`). */
    db: Db;
    /**
     * The connection behind `db`, for the few who need the backend itself (COPY, a raw health
     * query, the send deps' file staging): the same naming as the job context's.
     */
    dbHandle: DbHandle;
    mailer: Mailer;
    smsGateway: SmsGateway;
    /**
     * Where uploads and exports are kept (local disk under DATA_DIR, or S3-compatible): one per
     * process, shared by routes, jobs and the schedule loop (ADR 85).
     */
    storage: ObjectStorage;
    /** Enqueue from any role; handlers run only where `jobs.work()` was called (roles all/worker). */
    jobs: JobQueue;
    /** The public API's request log, buffered and written in batches (ADR 92). */
    apiCallLog: ApiCallLog;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** The database and the connection behind it: decorated as `db` and `dbHandle`. */
  dbHandle: DbHandle;
  /** pg-boss started on `dbHandle`; every role that enqueues needs one (all but ROLE=web). */
  boss?: PgBoss | null;
  /** Mailer and SMS gateway; built from config when absent. */
  services?: Services;
  /** The object storage; built from config when absent. */
  storage?: ObjectStorage;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built web app from config.webDist (ROLE=all|web). */
  serveWeb?: boolean;
  /** Serve /api/v1 (ROLE=all|api). */
  serveApi?: boolean;
}

export const API_PREFIX = "/api/v1";
/** The public API compatible with ThaiBulkSMS v2 (Basic auth with an API key; not a portal route). */
export const PUBLIC_API_PREFIX = "/api/v2";

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, dbHandle } = options;
  const { db } = dbHandle;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("db", { getter: () => db });
  app.decorate("dbHandle", { getter: () => dbHandle });
  const services =
    options.services ?? createServices(config, db, { connections: createConnectionSource(db, config) });
  app.decorate("mailer", services.mailer);
  app.decorate("smsGateway", services.smsGateway);
  app.addHook("onClose", () => services.close());
  // Built once per process: routes, job handlers and main.ts's loops take this one (ADR 85).
  const storage = options.storage ?? createStorage(config.storage);
  app.decorate("storage", storage);
  const jobs = options.boss
    ? new JobQueue(options.boss, jobDefinitions, {
        db,
        dbHandle,
        storage,
        config,
        ...services,
        log: app.log,
      })
    : null;
  await jobs?.prepare();
  app.decorate("jobs", {
    getter: () => {
      if (!jobs) throw new Error("this process role has no job queue");
      return jobs;
    },
  });

  // On the embedded database, a request's statements go before waiting background work (ADR 29).
  // Its end (the answer sent) tells the database not to wait for more of its calls.
  const scopes = new WeakMap<object, InteractiveScope>();
  app.addHook("onRequest", (request, _reply, done) => {
    const scope = new InteractiveScope();
    scopes.set(request, scope);
    runInteractive(done, scope);
  });
  app.addHook("onResponse", (request, _reply, done) => {
    scopes.get(request)?.end();
    done();
  });
  app.addHook("onRequestAbort", (request, done) => {
    scopes.get(request)?.end();
    done();
  });
  // How long this server took, from the request's first hook to its answer (Server-Timing): a
  // client's slow answer with a short `app` time waited outside the handler (network, accept).
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.header("server-timing", `app;dur=${reply.elapsedTime.toFixed(1)}`);
    done(null, payload);
  });
  registerLocale(app);
  registerErrorHandling(app);
  await app.register(fastifyCookie);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin);

  if (options.serveApi !== false) {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: "3.1.0",
        info: { title: "SMS Portal API", version: PRODUCT_VERSION },
        servers: [{ url: "/" }],
        components: {
          securitySchemes: {
            bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
            basicAuth: { type: "http", scheme: "basic" },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(
      async (api) => {
        for (const module of apiModules) await api.register(module);
        // Production describes only the public API (review I1): the portal's and the back office's
        // routes are no one's business but ours, unless OPENAPI_DOCS=full.
        api.get("/openapi.json", { schema: { hide: true } }, async () =>
          config.openapiDocs === "full"
            ? app.swagger()
            : publicOpenApi(app.swagger() as OpenApiDocument, `${PUBLIC_API_PREFIX}/`),
        );
      },
      { prefix: API_PREFIX },
    );
    // Written in batches off the request path; what is buffered is written when the app closes,
    // before main.ts closes the database (ADR 92).
    const apiCallLog = new ApiCallLog(db, {
      onError: (err, rows) => app.log.error({ err, rows }, "api request log batch not written"),
    });
    app.decorate("apiCallLog", apiCallLog);
    app.addHook("onClose", () => apiCallLog.close());
    await app.register(publicApiRoutes, { prefix: PUBLIC_API_PREFIX });
    await app.register(publicOtpRoutes, { prefix: `${PUBLIC_API_PREFIX}/otp` });
  }

  app.setNotFoundHandler((request) => {
    throw new AppError("ROUTE_NOT_FOUND", {
      details: [{ path: "url", message: request.url.split("?")[0] ?? "" }],
    });
  });

  const web = options.serveWeb
    ? await registerWeb(app, { webDist: config.webDist, includeDev: !config.production })
    : null;
  // Short links are on the public origin beside the pages (every role answers them).
  await registerLinkRoutes(app, {
    notFound: (_request, reply) => (web ? web.notFound(reply) : reply.callNotFound()),
  });
  await registerOptOutRoutes(app);

  return app;
}
