// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Web tests answer at the network edge with MSW (test/msw.ts, ADR 75) and keep the real api client:
 * token refresh, error mapping and Accept-Language stay under test. A test that replaces the client
 * with vi.mock (or spies its `call`) tests the component against the mock instead.
 */
const web = fileURLToPath(new URL("../..", import.meta.url));

const MOCKS_CLIENT = [/vi\.(?:mock|doMock)\(\s*["'][^"']*api-client["']/, /vi\.spyOn\(\s*api\s*,/];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(web, path)] : [];
  });
}

describe("web tests keep the real api client (ADR 75)", () => {
  const files = [...testFiles(join(web, "app")), ...testFiles(join(web, "scripts"))];
  const mocking = files.filter((file) =>
    MOCKS_CLIENT.some((pattern) => pattern.test(readFileSync(join(web, file), "utf8"))),
  );

  it("finds the test files it scans", () => {
    expect(files).toContain("app/lib/no-client-mocks.test.ts");
    expect(files.length).toBeGreaterThan(100);
  });

  it("no test replaces the api client: answer the endpoint with mockEndpoint (test/msw.ts)", () => {
    expect(mocking).toEqual([]);
  });
});
