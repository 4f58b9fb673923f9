import { describe, expect, it } from "vitest";
import { operatorOf, type RouteRule, Router } from "./routing.ts";

const rule = (id: number, over: Partial<RouteRule>): RouteRule => ({
  id,
  position: id,
  enabled: true,
  purposes: null,
  organizationId: null,
  sender: null,
  prefixes: null,
  operator: null,
  connectionId: 100 + id,
  failover: [],
  ...over,
});

const message = { recipient: "66812345678", purpose: "general" as const, organizationId: 7, sender: "Shop" };

describe("routes", () => {
  it("match recipient prefixes exactly: a prefix is the number's leading digits, nothing else", () => {
    const router = new Router([rule(1, { prefixes: ["66812"] }), rule(2, {})], [], [900]);
    expect(router.route(message).routeId).toBe(1);
    // One digit off, or the prefix found elsewhere in the number, is not a match.
    expect(router.route({ ...message, recipient: "66813345678" }).routeId).toBe(2);
    expect(router.route({ ...message, recipient: "66981266812" }).routeId).toBe(2);
    // Prefixes of several lengths in one rule.
    const mixed = new Router([rule(1, { prefixes: ["6699", "668123"] })], [], [900]);
    expect(mixed.route({ ...message, recipient: "66991234567" }).routeId).toBe(1);
    expect(mixed.route({ ...message, recipient: "66812399999" }).routeId).toBe(1);
    expect(mixed.route({ ...message, recipient: "66812299999" }).routeId).toBeNull();
  });

  it("take the first enabled rule in order whose every condition holds", () => {
    const rules = [
      rule(3, { position: 30, purposes: ["otp"], connectionId: 1, failover: [2] }),
      rule(1, { position: 10, organizationId: 8, connectionId: 3 }),
      rule(2, { position: 20, sender: "Bank", purposes: ["otp", "general"], connectionId: 4 }),
      rule(4, { position: 5, enabled: false, connectionId: 9 }),
      rule(5, { position: 99, connectionId: 5 }),
    ];
    const router = new Router(rules, [], [1, 2]);
    expect(router.route({ ...message, purpose: "otp" })).toEqual({ routeId: 3, connections: [1, 2] });
    expect(router.route({ ...message, organizationId: 8, purpose: "otp" }).routeId).toBe(1);
    expect(router.route({ ...message, sender: "Bank", purpose: "otp" }).routeId).toBe(2);
    expect(router.route({ ...message, sender: "Bank", purpose: "marketing" }).routeId).toBe(5);
    // The sender is matched exactly (names are case-sensitive on the wire).
    expect(router.route({ ...message, sender: "bank" }).routeId).toBe(5);
  });

  it("without a matching rule, go to the enabled connections in their own order", () => {
    const router = new Router([rule(1, { purposes: ["marketing"] })], [], [4, 2]);
    expect(router.route(message)).toEqual({ routeId: null, connections: [4, 2] });
  });

  it("try each connection of a failover list once", () => {
    const router = new Router([rule(1, { connectionId: 1, failover: [2, 1, 3, 2] })], [], []);
    expect(router.route(message).connections).toEqual([1, 2, 3]);
  });

  it("route by operator through its number ranges, the longest range deciding", () => {
    const ranges = [
      { prefix: "6681", operator: "AIS" },
      { prefix: "66812", operator: "TRUE" },
      { prefix: "6689", operator: "DTAC" },
    ];
    expect(operatorOf("66812345678", ranges)).toBe("TRUE");
    expect(operatorOf("66811345678", ranges)).toBe("AIS");
    expect(operatorOf("66611345678", ranges)).toBeNull();
    const router = new Router(
      [rule(1, { operator: "AIS", connectionId: 11 }), rule(2, { operator: "TRUE", connectionId: 12 })],
      ranges,
      [99],
    );
    expect(router.route({ ...message, recipient: "66811345678" }).routeId).toBe(1);
    expect(router.route({ ...message, recipient: "66812345678" }).routeId).toBe(2);
    expect(router.route({ ...message, recipient: "66891345678" }).routeId).toBeNull();
    // A range longer than eight digits (one ported number block) still decides.
    const ported = new Router(
      [rule(1, { operator: "AIS" }), rule(2, { operator: "TRUE" })],
      [...ranges, { prefix: "668123456", operator: "AIS" }],
      [],
    );
    expect(ported.route({ ...message, recipient: "66812345678" }).routeId).toBe(1);
    expect(ported.route({ ...message, recipient: "66812345778" }).routeId).toBe(2);
  });
});
