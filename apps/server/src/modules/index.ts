import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { marketingRoutes } from "./marketing/routes.ts";
import { systemRoutes } from "./system/routes.ts";

/** Every /api/v1 module, registered under the prefix by app.ts. */
export const apiModules: FastifyPluginAsyncZod[] = [systemRoutes, marketingRoutes];
