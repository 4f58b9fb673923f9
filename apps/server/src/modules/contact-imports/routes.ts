import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const contactImportsRoutes: FastifyPluginAsyncZod = async () => {};
