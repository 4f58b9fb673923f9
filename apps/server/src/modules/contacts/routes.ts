import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const contactsRoutes: FastifyPluginAsyncZod = async () => {};
