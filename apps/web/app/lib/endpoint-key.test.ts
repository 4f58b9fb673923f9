import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { adminSendersEndpoints, sendersEndpoints } from "@sms/domain/endpoints/senders";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { partialMatchKey, QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { endpointKey, resourceKey } from "./endpoint-key";

const covers = (prefix: readonly unknown[], key: readonly unknown[]) => partialMatchKey(key, prefix);

describe("endpointKey", () => {
  it("names the resource and the endpoint, then one call's input", () => {
    expect(endpointKey(templatesEndpoints.list)).toEqual(["templates", "/c/templates"]);
    expect(endpointKey(templatesEndpoints.get, { params: { id: 7 } })).toEqual([
      "templates",
      "/c/templates/{id}",
      { params: { id: 7 } },
    ]);
    expect(resourceKey(contactsEndpoints.listContacts)).toEqual(["contact-groups"]);
    expect(resourceKey(campaignsEndpoints.messages)).toEqual(["messages"]);
  });

  it("puts every call of an endpoint under its key, and no other endpoint's", () => {
    const list = endpointKey(templatesEndpoints.list);
    expect(covers(list, endpointKey(templatesEndpoints.list, { query: { enabled: true } }))).toBe(true);
    expect(covers(list, endpointKey(templatesEndpoints.get, { params: { id: 1 } }))).toBe(false);
    expect(
      covers(
        endpointKey(templatesEndpoints.get, { params: { id: 1 } }),
        endpointKey(templatesEndpoints.get, { params: { id: 2 } }),
      ),
    ).toBe(false);
  });

  it("puts a resource's endpoints under its resource key, apart from staff's and other resources'", () => {
    const groups = resourceKey(contactsEndpoints.listGroups);
    expect(covers(groups, endpointKey(contactsEndpoints.getGroup, { params: { id: 3 } }))).toBe(true);
    expect(covers(groups, endpointKey(contactsEndpoints.listContacts, { params: { id: 3 } }))).toBe(true);
    expect(covers(groups, endpointKey(contactsEndpoints.getContact, { params: { id: 3 } }))).toBe(false);
    expect(covers(resourceKey(sendersEndpoints.list), endpointKey(adminSendersEndpoints.list))).toBe(false);
    expect(covers(resourceKey(campaignsEndpoints.list), endpointKey(campaignsEndpoints.messages))).toBe(
      false,
    );
  });

  it("lets the owner's invalidation reach another screen's read of the same endpoint", async () => {
    const client = new QueryClient();
    const choices = endpointKey(sendersEndpoints.list, { query: { status: "approved" } });
    const one = endpointKey(sendersEndpoints.get, { params: { id: 1 } });
    client.setQueryData(choices, { entities: [] });
    client.setQueryData(one, { id: 1 });
    await client.invalidateQueries({ queryKey: endpointKey(sendersEndpoints.list) });
    expect(client.getQueryState(choices)?.isInvalidated).toBe(true);
    expect(client.getQueryState(one)?.isInvalidated).toBe(false);
  });
});
