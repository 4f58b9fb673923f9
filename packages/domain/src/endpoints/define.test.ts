import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import type { TMeResponse, TVerifyRequest } from "../contracts/accounts.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import {
  ALL_ENDPOINTS,
  buildPath,
  defineEndpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type EndpointResult,
  type meEndpoints,
  successStatus,
} from "./index.ts";

const ZItem = z.object({
  data: z.object({ id: z.number(), at: z.date().transform((d) => d.toISOString()) }),
});
const ZId = z.object({ id: z.coerce.number().int() });

const getItem = defineEndpoint({
  method: "GET",
  path: "/c/items/{id}",
  auth: "member",
  memberRole: 2,
  tags: ["test"],
  summary: "One item",
  params: ZId,
  responses: { 200: ZItem, 404: ZErrorResponse },
});

describe("defineEndpoint", () => {
  it("derives the Fastify path and adds the platform's own error answers", () => {
    expect(getItem.url).toBe("/c/items/:id");
    expect(Object.keys(getItem.responses).map(Number)).toEqual([200, 400, 401, 403, 404]);
    const open = defineEndpoint({
      method: "GET",
      path: "/open",
      auth: "guest",
      tags: [],
      summary: "Open",
      responses: { 200: ZItem },
    });
    expect(Object.keys(open.responses)).toEqual(["200"]);
  });

  it("picks the lowest declared 2xx as the success status", () => {
    expect(successStatus(getItem)).toBe(200);
    expect(
      successStatus(defineEndpoint({ ...getItem, path: "/c/items/{id}", responses: { 201: ZItem } })),
    ).toBe(201);
    expect(() => successStatus({ ...getItem, responses: { 404: ZErrorResponse } })).toThrow(/no success/);
  });

  it("fills path parameters URL-encoded and refuses missing ones", () => {
    expect(buildPath("/c/items/{id}/parts/{part}", { id: 7, part: "a/b c" })).toBe(
      "/c/items/7/parts/a%2Fb%20c",
    );
    expect(buildPath("/c/me", undefined)).toBe("/c/me");
    expect(() => buildPath("/c/items/{id}", {})).toThrow(/"id"/);
    expect(() => buildPath("/c/items/{id}", { id: "" })).toThrow(/"id"/);
  });

  it("declares each method and path once", () => {
    const keys = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain("PATCH /c/me");
  });

  it("types inputs as the caller sends them and results as the handler returns them", () => {
    expectTypeOf<EndpointParams<typeof getItem>>().toEqualTypeOf<{ id: unknown }>();
    expectTypeOf<EndpointQuery<typeof getItem>>().toEqualTypeOf<undefined>();
    expectTypeOf<EndpointBody<typeof meEndpoints.verify>>().toEqualTypeOf<
      z.input<typeof meEndpoints.verify.body>
    >();
    expectTypeOf<EndpointBody<typeof meEndpoints.verify>>().toMatchObjectType<TVerifyRequest>();
    expectTypeOf<EndpointResponse<typeof meEndpoints.get>>().toEqualTypeOf<TMeResponse>();
    // The handler returns the decoded side, the wire carries the encoded side.
    expectTypeOf<EndpointResult<typeof getItem>>().toEqualTypeOf<{ data: { id: number; at: string } }>();
    expectTypeOf<EndpointResponse<typeof getItem>>().toEqualTypeOf<{ data: { id: number; at: Date } }>();
    expectTypeOf<EndpointResponse<typeof meEndpoints.get>>().not.toEqualTypeOf<TVerifyRequest>();
  });

  it("rejects inconsistent declarations at compile time", () => {
    const base = { auth: "guest", tags: [], summary: "x", responses: { 200: ZItem } } as const;
    const attempts = [
      // @ts-expect-error a path parameter without a params schema
      () => defineEndpoint({ ...base, method: "GET", path: "/c/items/{id}" }),
      () =>
        defineEndpoint({
          ...base,
          method: "GET",
          path: "/c/items/{id}",
          // @ts-expect-error params that do not match the path's names
          params: z.object({ key: z.string() }),
        }),
      // @ts-expect-error params on a path without parameters
      () => defineEndpoint({ ...base, method: "GET", path: "/c/items", params: ZId }),
      // @ts-expect-error a GET cannot carry a body
      () => defineEndpoint({ ...base, method: "GET", path: "/c/items", body: ZId }),
      // @ts-expect-error no success status to answer
      () => defineEndpoint({ ...base, method: "GET", path: "/c/items", responses: { 404: ZErrorResponse } }),
      // @ts-expect-error a permission on a route that is not for members
      () => defineEndpoint({ ...base, method: "GET", path: "/c/items", permission: "members.manage" }),
      // @ts-expect-error an unknown method
      () => defineEndpoint({ ...base, method: "FETCH", path: "/c/items" }),
    ];
    expect(attempts).toHaveLength(7);
  });
});
