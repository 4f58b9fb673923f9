import { describe, expect, it } from "vitest";
import {
  SMSC_CONNECTION_FIELDS,
  SMSC_ENV_MANAGED_FIELDS,
  ZCreateSmscConnectionRequest,
  ZUpdateSmscConnectionRequest,
} from "./smsc-connections.ts";

/** The field lists the server's environment guard and the back office's form share (ADR 109). */
describe("SMSC connection fields", () => {
  it("names every field of a connection's request, and nothing else", () => {
    expect([...SMSC_CONNECTION_FIELDS].sort()).toEqual(
      Object.keys(ZCreateSmscConnectionRequest.shape).sort(),
    );
  });

  it("leaves to staff only the environment connection's enabled and order (ADR 65)", () => {
    const free = Object.keys(ZUpdateSmscConnectionRequest.shape).filter(
      (key) => !(SMSC_ENV_MANAGED_FIELDS as readonly string[]).includes(key),
    );
    expect(free.sort()).toEqual(["enabled", "priority"]);
  });
});
