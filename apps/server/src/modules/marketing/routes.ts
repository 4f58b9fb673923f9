import { marketingEndpoints } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { listPackages } from "./list-packages.ts";
import { submitContact } from "./submit-contact.ts";

/** Public marketing API (issue 4): the package price list and the contact-us form. */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEndpoint(app, marketingEndpoints.listPackages, async (request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return { data: await listPackages(app.db, request.query) };
  });

  registerEndpoint(
    app,
    marketingEndpoints.contactUs,
    async (request) => {
      await submitContact(
        { db: app.db, jobs: app.jobs, log: request.log },
        {
          input: request.body,
          locale: request.locale,
          ip: request.ip ?? null,
          userAgent: request.headers["user-agent"] ?? null,
        },
      );
      return { data: { received: true as const } };
    },
    { config: { rateLimit: RATE_LIMITS.contact } },
  );
};
