import { schema } from "@sms/db";
import { ALL_ENDPOINTS, type AnyEndpoint, defineEndpoint, MEMBER_ROLE, ZErrorResponse } from "@sms/domain";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { API_PREFIX } from "../app.ts";
import { registerErrorHandling } from "../plugins/errors.ts";
import { registerLocale } from "../plugins/locale.ts";
import { addMember, createTenant, signIn, type TestTenant } from "../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../test/test-app.ts";
import { registerEndpoint, type ZodApp } from "./endpoint.ts";

const renameThing = defineEndpoint({
  method: "PUT",
  path: "/things/{id}",
  auth: "member",
  permission: "members.manage",
  tags: ["test"],
  summary: "Rename a thing (owners only)",
  params: z.object({ id: z.coerce.number().int() }),
  body: z.object({ name: z.string().min(1) }),
  responses: { 200: z.object({ data: z.object({ id: z.number(), name: z.string(), org: z.number() }) }) },
});

const staffReport = defineEndpoint({
  method: "GET",
  path: "/staff-report",
  auth: "staff",
  tags: ["test"],
  summary: "Staff only",
  query: z.object({ kind: z.enum(["a", "b"]) }),
  responses: { 200: z.object({ data: z.object({ kind: z.string() }) }) },
});

const createThing = defineEndpoint({
  method: "POST",
  path: "/things",
  auth: "guest",
  tags: ["test"],
  summary: "Create a thing",
  body: z.object({ name: z.string().min(1) }),
  responses: { 201: z.object({ data: z.object({ name: z.string() }) }), 503: ZErrorResponse },
});

/** A small app that shares the test database and secret, so real tokens work on test endpoints. */
async function miniApp(t: TestContext, calls: string[]) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", t.app.config);
  app.decorate("db", { getter: () => t.db });
  app.decorate("dbHandle", { getter: () => t.dbHandle });
  registerLocale(app);
  registerErrorHandling(app);
  registerEndpoint(app, renameThing, async (request) => {
    calls.push("rename");
    return { data: { id: request.params.id, name: request.body.name, org: request.tenant.organizationId } };
  });
  registerEndpoint(app, staffReport, async (request) => ({ data: { kind: request.query.kind } }));
  registerEndpoint(
    app,
    createThing,
    async (request, reply) => {
      calls.push(`create:${String(request.routeOptions.config.marker)}`);
      if (request.body.name === "down") {
        return reply.status(503).send({ error: { code: "UNAVAILABLE", message: "down" } });
      }
      // The extra field is not in the response schema: the serializer must drop it.
      return { data: { name: request.body.name, secret: "x" } as { name: string } };
    },
    {
      config: { marker: "passed" } as object,
      bodyLimit: 64,
      onRequest: async () => {
        calls.push("extra-hook");
      },
    },
  );
  await app.ready();
  return app;
}

declare module "fastify" {
  interface FastifyContextConfig {
    marker?: string;
  }
}

// Never called: tsc checks that a handler cannot drift from its declaration.
function typeChecks(app: ZodApp) {
  registerEndpoint(app, createThing, async (request) => {
    // @ts-expect-error the body has no such field
    request.body.nope;
    return { data: { name: request.body.name } };
  });
  // @ts-expect-error the success body must match the declared response
  registerEndpoint(app, createThing, async () => ({ data: { name: 1 } }));
  // @ts-expect-error only declared statuses can be answered
  registerEndpoint(app, createThing, async (_request, reply) => reply.status(418).send({}));
  registerEndpoint(app, renameThing, async (request) => {
    // @ts-expect-error params are validated and coerced to a number
    const id: string = request.params.id;
    return { data: { id: Number(id), name: "", org: 0 } };
  });
}

describe("registerEndpoint", () => {
  let t: TestContext;
  let app: Awaited<ReturnType<typeof miniApp>>;
  let owner: TestTenant;
  let member: TestTenant;
  const calls: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    app = await miniApp(t, calls);
    owner = await createTenant(t, { name: "Owner" });
    member = await createTenant(t, { name: "Member" });
    await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: owner.organizationId })
      .where(eq(schema.users.id, member.userId));
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it("authenticates before validating: an anonymous bad request gets 401 without details", async () => {
    calls.length = 0;
    const res = await app.inject({ method: "PUT", url: "/things/not-a-number", payload: { name: 5 } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHORIZED");
    expect(res.json().error.details).toBeUndefined();
    const bearer = await app.inject({
      method: "PUT",
      url: "/things/x",
      headers: { authorization: "Bearer forged" },
      payload: {},
    });
    expect(bearer.statusCode).toBe(401);
    expect(calls).toEqual([]);
  });

  it("validates and coerces for an authorised caller, with the tenant resolved", async () => {
    const paths = async (url: string) => {
      const res = await app.inject({ method: "PUT", url, headers: owner.headers, payload: {} });
      expect(res.statusCode).toBe(400);
      return res.json().error.details.map((d: { path: string }) => d.path);
    };
    expect(await paths("/things/x")).toEqual(["id"]);
    expect(await paths("/things/1")).toEqual(["name"]);
    const ok = await app.inject({
      method: "PUT",
      url: "/things/42",
      headers: owner.headers,
      payload: { name: "A" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { id: 42, name: "A", org: owner.organizationId } });
  });

  it("applies the declared member role", async () => {
    const res = await app.inject({
      method: "PUT",
      url: "/things/1",
      headers: member.headers,
      payload: { name: "A" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("FORBIDDEN");
  });

  it("lets only staff reach staff endpoints, and still validates their query", async () => {
    // A signed-in non-admin is told the route does not exist: the back office does not reveal itself.
    const user = await app.inject({ method: "GET", url: "/staff-report?kind=a", headers: owner.headers });
    expect(user.statusCode).toBe(404);
    const admin = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
    const bad = await app.inject({ method: "GET", url: "/staff-report?kind=z", headers: admin });
    expect(bad.statusCode).toBe(400);
    const ok = await app.inject({ method: "GET", url: "/staff-report?kind=b", headers: admin });
    expect(ok.json()).toEqual({ data: { kind: "b" } });
  });

  it("answers the declared success status, serialises through the schema and passes extra options", async () => {
    calls.length = 0;
    const res = await app.inject({ method: "POST", url: "/things", payload: { name: "A" } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { name: "A" } });
    expect(calls).toEqual(["extra-hook", "create:passed"]);
    const down = await app.inject({ method: "POST", url: "/things", payload: { name: "down" } });
    expect(down.statusCode).toBe(503);
    const invalid = await app.inject({ method: "POST", url: "/things", payload: { name: "" } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details).toHaveLength(1);
    const large = await app.inject({ method: "POST", url: "/things", payload: { name: "x".repeat(100) } });
    expect(large.statusCode).toBe(413);
  });

  it("keeps the type checks compiled", () => {
    expect(typeof typeChecks).toBe("function");
  });
});

/** Query values none of our schemas accept: not numbers, not enum members, longer than any max. */
function invalidQuery(endpoint: AnyEndpoint): Record<string, string> {
  const json = z.toJSONSchema(endpoint.query as z.ZodType, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, unknown>;
  };
  const junk = `!${"x".repeat(1000)}`;
  return Object.fromEntries(Object.keys(json.properties ?? {}).map((key) => [key, junk]));
}

function anonymousRequest(endpoint: AnyEndpoint) {
  // Under Fastify's 100-character limit for a path parameter, over any id's own maximum.
  const junk = `!${"x".repeat(90)}`;
  const url = endpoint.path.replace(/\{(\w+)\}/g, junk);
  const params = Object.fromEntries([...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], junk]));
  const query = endpoint.query ? invalidQuery(endpoint) : undefined;
  const body = endpoint.body ? [{ nonsense: true }] : undefined;
  // Each input must really be invalid, or a 401 would prove nothing about the order.
  if (endpoint.params)
    expect(endpoint.params.safeParse(params).success, `${endpoint.path} params`).toBe(false);
  if (endpoint.query) expect(endpoint.query.safeParse(query).success, `${endpoint.path} query`).toBe(false);
  if (endpoint.body) expect(endpoint.body.safeParse(body).success, `${endpoint.path} body`).toBe(false);
  return {
    method: endpoint.method,
    url: `${API_PREFIX}${url}`,
    ...(query ? { query } : {}),
    ...(body ? { payload: body } : {}),
  };
}

/** Routes as `METHOD /path/{param}`, read from Fastify's own router tree. */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = (stack[depth - 1] ?? "") + match[2];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]?.split(", ") ?? []) {
      if (method !== "HEAD") routes.push(`${method} ${path.replace(/:(\w+)/g, "{$1}")}`);
    }
  }
  return routes;
}

describe("declared endpoints", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers every protected endpoint's anonymous caller 401 before validating", async () => {
    const protectedEndpoints = ALL_ENDPOINTS.filter((e) => e.auth !== "guest");
    expect(protectedEndpoints.map((e) => e.auth)).toEqual(
      expect.arrayContaining(["user", "register", "staff"]),
    );
    for (const endpoint of protectedEndpoints) {
      const res = await t.app.inject(anonymousRequest(endpoint));
      const route = `${endpoint.method} ${endpoint.path}`;
      expect({ route, status: res.statusCode }).toEqual({ route, status: 401 });
      expect(res.json(), route).toEqual({ error: { code: "UNAUTHORIZED", message: expect.any(String) } });
    }
  });

  it("has a route for every declaration and a declaration for every /api/v1 route", () => {
    const routes = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.split(" ")[1]?.startsWith(`${API_PREFIX}/`))
      .map((r) => r.replace(` ${API_PREFIX}`, " "))
      // The OpenAPI document describes the endpoints; it is not one of them.
      .filter((r) => r !== "GET /openapi.json");
    const declared = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(routes.length).toBeGreaterThan(10);
    expect([...routes].sort()).toEqual([...declared].sort());
  });

  it("documents each endpoint's guard in OpenAPI", async () => {
    const doc = (await t.app.inject({ method: "GET", url: `${API_PREFIX}/openapi.json` })).json();
    const me = doc.paths[`${API_PREFIX}/c/me`].get;
    expect(me.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(me.responses)).toEqual(expect.arrayContaining(["200", "401", "403"]));
    const packages = doc.paths[`${API_PREFIX}/c/packages`].get;
    expect(packages.security).toBeUndefined();
    expect(Object.keys(packages.responses)).toEqual(expect.arrayContaining(["200", "400"]));
    // Rate-limited routes document their 429.
    const login = doc.paths[`${API_PREFIX}/c/guest/login`].post;
    expect(Object.keys(login.responses)).toContain("429");
    expect(Object.keys(packages.responses)).not.toContain("429");
  });
});
