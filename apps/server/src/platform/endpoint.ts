import {
  type AnyEndpoint,
  type EndpointAuth,
  type EndpointResult,
  successStatus,
  ZErrorResponse,
} from "@sms/domain";
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authenticate, type RequestGuard, requireStaff } from "../plugins/auth.ts";
import { requireMember } from "./tenant.ts";

/** The app as the modules see it (FastifyPluginAsyncZod). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type SchemaOf<E extends AnyEndpoint, K extends "params" | "query" | "body"> = E extends { [P in K]: infer S }
  ? S
  : undefined;

interface RouteSchemaOf<E extends AnyEndpoint> {
  params: SchemaOf<E, "params">;
  querystring: SchemaOf<E, "query">;
  body: SchemaOf<E, "body">;
  response: E["responses"];
}

/** request.params/query/body typed from the declaration (after validation: coerced, defaulted). */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RouteSchemaOf<E>,
  ZodTypeProvider
>;

/** reply.status(code).send(body) is typed per declared status. */
export type EndpointReply<E extends AnyEndpoint> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  RouteSchemaOf<E>,
  ZodTypeProvider
>;

/**
 * Returns the success body, answered with the declaration's success status; a handler that must
 * answer another declared status sends it through the reply (`reply.status(503).send(…)`).
 */
export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: EndpointReply<E>,
) => Promise<EndpointResult<E> | EndpointReply<E>>;

/** Route options besides what the declaration fixes, e.g. `config.rateLimit`, `bodyLimit`, more hooks. */
export type EndpointRouteOptions = Omit<RouteShorthandOptions, "schema">;

/** The guard of each auth level, run as onRequest: before the body is parsed and validated. */
function guardsFor(endpoint: AnyEndpoint): RequestGuard[] {
  const guards: Record<EndpointAuth, () => RequestGuard[]> = {
    guest: () => [],
    user: () => [authenticate()],
    register: () => [authenticate({ allowRegister: true })],
    member: () => [
      requireMember({ permission: endpoint.permission, organizationParam: endpoint.organizationParam }),
    ],
    staff: () => [authenticate(), requireStaff()],
  };
  return guards[endpoint.auth]();
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Registers the route of one declared endpoint (ADR 5): method, URL and schemas come from the
 * declaration, and its auth level becomes an onRequest guard, so an anonymous caller gets 401
 * before any validation detail is computed, let alone answered.
 */
export function registerEndpoint<E extends AnyEndpoint>(
  app: ZodApp,
  endpoint: E,
  handler: EndpointHandler<E>,
  extra: EndpointRouteOptions = {},
): void {
  const status = successStatus(endpoint);
  const guarded = endpoint.auth !== "guest";
  app.route({
    ...extra,
    method: endpoint.method,
    url: endpoint.url,
    onRequest: [...guardsFor(endpoint), ...asArray(extra.onRequest)],
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      ...(guarded ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      // A rate-limited route can also answer 429 (with Retry-After); say so in OpenAPI.
      response:
        extra.config && "rateLimit" in extra.config && !(429 in endpoint.responses)
          ? { ...endpoint.responses, 429: ZErrorResponse }
          : endpoint.responses,
    },
    handler: (request, reply) => {
      reply.status(status);
      // The route is built from the same declaration the handler's types come from.
      return handler(request as unknown as EndpointRequest<E>, reply as unknown as EndpointReply<E>);
    },
  });
}
