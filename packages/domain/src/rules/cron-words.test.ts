import { describe, expect, it } from "vitest";
import { presetCron } from "./cron.ts";
import { describeCron, describePreset } from "./cron-words.ts";

const nine = { hour: 9, minute: 0 };

describe("describeCron (issue 24, D37)", () => {
  it("reads a weekly schedule in natural Thai and English", () => {
    expect(describeCron("0 9 * * 1", "th")).toBe("ทุกวันจันทร์ เวลา 09:00 น.");
    expect(describeCron("0 9 * * 1", "en")).toBe("Every Monday at 09:00");
  });

  it("lists several days Monday first, and names a working week as a range", () => {
    expect(describeCron("30 18 * * 5,1,3", "th")).toBe("ทุกวันจันทร์ วันพุธ และวันศุกร์ เวลา 18:30 น.");
    expect(describeCron("30 18 * * 0,6", "th")).toBe("ทุกวันเสาร์และวันอาทิตย์ เวลา 18:30 น.");
    expect(describeCron("30 18 * * 0,6", "en")).toBe("Every Saturday and Sunday at 18:30");
    expect(describeCron("0 8 * * 1-5", "th")).toBe("ทุกวันจันทร์ถึงวันศุกร์ เวลา 08:00 น.");
    expect(describeCron("0 8 * * 1-5", "en")).toBe("Every Monday to Friday at 08:00");
  });

  it("reads daily and monthly schedules", () => {
    expect(describeCron("5 7 * * *", "th")).toBe("ทุกวัน เวลา 07:05 น.");
    expect(describeCron("0 9 15 * *", "th")).toBe("ทุกวันที่ 15 ของเดือน เวลา 09:00 น.");
    expect(describeCron("0 9 15 * *", "en")).toBe("On day 15 of every month at 09:00");
  });

  it("answers null for a custom expression or an invalid one", () => {
    expect(describeCron("*/30 9-17 * * 1-5", "th")).toBeNull();
    expect(describeCron("0 9 1 1 *", "en")).toBeNull();
    expect(describeCron("not cron", "th")).toBeNull();
  });

  it("agrees with the form's presets", () => {
    expect(describeCron(presetCron({ kind: "weekly", days: [2], time: nine }), "th")).toBe(
      describePreset({ kind: "weekly", days: [2], time: nine }, "th"),
    );
  });
});
