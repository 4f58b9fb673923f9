import fastifyRateLimit from "@fastify/rate-limit";
import { ADMIN_ROLE } from "@sms/db/seed";
import {
  ZContactSubmissionsResponse,
  ZContactUsRequest,
  ZContactUsResponse,
  ZErrorResponse,
  ZPackagesQuery,
  ZPackagesResponse,
} from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";
import { authenticate, requireRole } from "../../plugins/auth.ts";
import { listContactSubmissions } from "./list-contact-submissions.ts";
import { listPackages } from "./list-packages.ts";
import { submitContact } from "./submit-contact.ts";

/** Per client IP: enough for a person who corrects a typo, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 } as const;

/** Public marketing API (issue 4): the package price list and the contact-us form. */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator("rateLimit")) await app.register(fastifyRateLimit, { global: false });

  app.get(
    "/c/packages",
    {
      schema: {
        tags: ["marketing"],
        summary: "Public package catalogue with the price per SMS (no token needed)",
        querystring: ZPackagesQuery,
        response: { 200: ZPackagesResponse, 400: ZErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { data: await listPackages(app.db, request.query) };
    },
  );

  app.post(
    "/c/contact-us",
    {
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          errorResponseBuilder: () => new AppError("RATE_LIMITED"),
        },
      },
      schema: {
        tags: ["marketing"],
        summary: "Send a message from the public contact form (validated, rate-limited, honeypot)",
        body: ZContactUsRequest,
        response: { 202: ZContactUsResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      await submitContact(
        { db: app.db, mailer: app.mailer, supportEmail: app.config.supportEmail, log: request.log },
        {
          input: request.body,
          locale: request.locale,
          ip: request.ip ?? null,
          userAgent: request.headers["user-agent"] ?? null,
        },
      );
      return reply.status(202).send({ data: { received: true as const } });
    },
  );

  app.get(
    "/admin/contact-submissions",
    {
      preHandler: [authenticate(), requireRole(ADMIN_ROLE)],
      schema: {
        tags: ["marketing", "admin"],
        summary: "Messages from the contact form, newest first (admin)",
        security: [{ bearerAuth: [] }],
        querystring: ZPackagesQuery,
        response: { 200: ZContactSubmissionsResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => ({ data: await listContactSubmissions(app.db, request.query) }),
  );
};
