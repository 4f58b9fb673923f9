import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import type { DbHandle } from "@sms/db";
import { PRODUCT_VERSION } from "@sms/domain";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { PgBoss } from "pg-boss";
import type { Config } from "./config.ts";
import { AppError } from "./errors.ts";
import { apiModules } from "./modules/index.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { registerLocale } from "./plugins/locale.ts";
import { registerWeb } from "./web/static.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: DbHandle;
    boss: PgBoss | null;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: DbHandle;
  boss?: PgBoss | null;
  logger?: FastifyServerOptions["logger"];
  /** Serve the built web app from config.webDist (ROLE=all|web). */
  serveWeb?: boolean;
  /** Serve /api/v1 (ROLE=all|api). */
  serveApi?: boolean;
}

export const API_PREFIX = "/api/v1";

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("db", { getter: () => options.db });
  app.decorate("boss", options.boss ?? null);

  registerLocale(app);
  registerErrorHandling(app);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // The prerendered pages carry React Router's inline hydration script.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });

  if (options.serveApi !== false) {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: "3.1.0",
        info: { title: "SMS Portal API", version: PRODUCT_VERSION },
        servers: [{ url: "/" }],
        components: {
          securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(
      async (api) => {
        for (const module of apiModules) await api.register(module);
        api.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());
      },
      { prefix: API_PREFIX },
    );
  }

  app.setNotFoundHandler((request) => {
    throw new AppError("ROUTE_NOT_FOUND", {
      details: [{ path: "url", message: request.url.split("?")[0] ?? "" }],
    });
  });

  if (options.serveWeb) {
    await registerWeb(app, { webDist: config.webDist, includeDev: !config.production });
  }

  return app;
}
