import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contactGroup, page } from "../../test/factories";
import { apiError, mockEndpoint, networkProblems } from "../../test/msw";
import { ApiError, api } from "./api-client";
import { session } from "./session";

/** The web tests' network edge (test/msw.ts, ADR 75) with the app's real client. */
beforeEach(() => {
  window.history.replaceState(null, "", "/en/contacts");
  session.set({ token: "t1", refresh_token: "r1" });
});
afterEach(() => session.clear());

describe("mockEndpoint", () => {
  it("answers the real client and records the request as the server reads it", async () => {
    const list = mockEndpoint(contactsEndpoints.listGroups, page([contactGroup()]));
    const answer = await api.call(contactsEndpoints.listGroups, {
      query: { page: 2, size: 10, search: "vip" },
    });
    expect(answer.data.entities.map((group) => group.name)).toEqual(["ลูกค้า VIP"]);
    // The query travels as text; the contract's schema turns it back into numbers.
    expect(list.calls[0]?.query).toMatchObject({ page: 2, size: 10, search: "vip" });
    expect(list.lastCall?.request.headers.get("Accept-Language")).toBe("en");
    expect(list.lastCall?.request.headers.get("Authorization")).toBe("Bearer t1");
  });

  it("sends the contract's success status and parses the path parameters", async () => {
    const create = mockEndpoint(contactsEndpoints.createGroup, { data: contactGroup({ id: 12 }) });
    const remove = mockEndpoint(contactsEndpoints.deleteGroup, ({ params }) => ({ data: { id: params.id } }));
    expect((await api.call(contactsEndpoints.createGroup, { body: { name: "VIP" } })).data.id).toBe(12);
    expect((await api.call(contactsEndpoints.deleteGroup, { params: { id: 7 } })).data.id).toBe(7);
    expect(create.calls[0]?.body).toEqual({ name: "VIP" });
    expect(remove.calls[0]?.params).toEqual({ id: 7 });
  });

  it("turns apiError into the client's ApiError, every time it is asked", async () => {
    mockEndpoint(
      contactsEndpoints.createGroup,
      apiError(409, "CONFLICT", "Taken", { details: [{ path: "name", message: "Taken" }], retryAfter: 30 }),
    );
    for (let i = 0; i < 2; i++) {
      const error = await api.call(contactsEndpoints.createGroup, { body: { name: "VIP" } }).catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 409, code: "CONFLICT", message: "Taken", retryAfter: 30 });
      expect((error as ApiError).details).toEqual([{ path: "name", message: "Taken" }]);
    }
  });

  it("answers once with `once`, then the handler declared before it", async () => {
    mockEndpoint(contactsEndpoints.getGroup, { data: contactGroup() });
    mockEndpoint(contactsEndpoints.getGroup, apiError(404, "NOT_FOUND", "Gone"), { once: true });
    await expect(api.call(contactsEndpoints.getGroup, { params: { id: 7 } })).rejects.toMatchObject({
      status: 404,
    });
    expect((await api.call(contactsEndpoints.getGroup, { params: { id: 7 } })).data.id).toBe(7);
  });

  it("answers a request that breaks the contract with 400 and reports it to the test", async () => {
    const create = mockEndpoint(contactsEndpoints.createGroup, { data: contactGroup() });
    const error = await api.call(contactsEndpoints.createGroup, { body: { name: "" } }).catch((e) => e);
    expect(error).toMatchObject({ status: 400 });
    expect(create.calls).toHaveLength(0);
    // test/setup.ts would fail this test for it; taken here to show what it reports.
    expect(networkProblems.splice(0)).toEqual([
      expect.stringMatching(/^POST \/c\/contact-groups: the body breaks its contract \(name: /),
    ]);
  });
});
