import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authRoutes } from "./auth/routes.ts";
import { devInboxRoutes } from "./dev-inbox/routes.ts";
import { marketingRoutes } from "./marketing/routes.ts";
import { meRoutes } from "./me/routes.ts";
import { systemRoutes } from "./system/routes.ts";

/** Every /api/v1 module, registered under the prefix by app.ts. */
export const apiModules: FastifyPluginAsyncZod[] = [
  systemRoutes,
  authRoutes,
  meRoutes,
  devInboxRoutes,
  marketingRoutes,
];
