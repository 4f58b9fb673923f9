import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const templatesRoutes: FastifyPluginAsyncZod = async () => {};
