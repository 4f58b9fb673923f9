import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { uploadsPlugin } from "../platform/multipart.ts";
import { adminRoutes } from "./admin/index.ts";
import { authRoutes } from "./auth/routes.ts";
import { devInboxRoutes } from "./dev-inbox/index.ts";
import { filesRoutes } from "./files/index.ts";
import { marketingRoutes } from "./marketing/index.ts";
import { meRoutes } from "./me/routes.ts";
import { systemRoutes } from "./system/index.ts";

/** Every /api/v1 module, registered under the prefix by app.ts. */
export const apiModules: FastifyPluginAsyncZod[] = [
  systemRoutes,
  authRoutes,
  meRoutes,
  devInboxRoutes,
  marketingRoutes,
  adminRoutes,
  // Multipart parsing and app.storage for the modules after it.
  uploadsPlugin,
  filesRoutes,
];
