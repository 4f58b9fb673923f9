import { describe, expect, it } from "vitest";
import { formatCountdown } from "./use-countdown";

describe("formatCountdown", () => {
  it("reads as minutes and seconds", () => {
    expect(formatCountdown(90)).toBe("1:30");
    expect(formatCountdown(60)).toBe("1:00");
    expect(formatCountdown(5)).toBe("0:05");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(600)).toBe("10:00");
  });

  it("rounds a part second up and never shows a negative wait", () => {
    expect(formatCountdown(59.2)).toBe("1:00");
    expect(formatCountdown(-3)).toBe("0:00");
  });
});
