import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const sendersRoutes: FastifyPluginAsyncZod = async () => {};
