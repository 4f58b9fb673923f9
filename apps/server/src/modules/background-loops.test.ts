import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/test-app.ts";
import { backgroundLoops, serverModules } from "./index.ts";

/** main.ts starts the modules' loops from the app's services (ADR 85); here, on a test app. */
describe("background loops", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("are the engine's reports, the inbox's auto-replies, the schedules' firing and the webhooks' delivery, in the modules' order", () => {
    const owners = serverModules.filter((module) => module.loop);
    expect(owners).toHaveLength(4);
    expect(backgroundLoops).toEqual(owners.map((module) => module.loop));
  });

  it("start from the app alone and stop when asked", async () => {
    const stops = backgroundLoops.map((start) => start(t.app));
    expect(stops.every((stop) => typeof stop === "function")).toBe(true);
    // Let each loop take a turn on the database before it is stopped.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const stop of stops) await expect(stop()).resolves.toBeUndefined();
  });
});
