import { describe, expect, it } from "vitest";
import { errorStatus } from "./error-status";

describe("errorStatus", () => {
  it("takes statusCode, status or response.status, else 500", () => {
    expect(errorStatus({ statusCode: 404 })).toBe(404);
    expect(errorStatus({ status: 403 })).toBe(403);
    expect(errorStatus({ response: { status: 502 } })).toBe(502);
    expect(errorStatus(new Error("x"))).toBe(500);
    expect(errorStatus(null)).toBe(500);
    expect(errorStatus({ status: 200 })).toBe(500);
    expect(errorStatus({ status: "404" })).toBe(500);
  });

  it("reads route error responses", () => {
    expect(errorStatus({ status: 404, statusText: "Not Found", internal: true, data: "no route" })).toBe(404);
  });
});
