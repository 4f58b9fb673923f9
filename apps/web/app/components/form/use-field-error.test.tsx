import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { useMessageText } from "./use-field-error";

describe("useMessageText", () => {
  afterEach(async () => {
    await i18next.changeLanguage("th");
  });

  it("reads a zod message key from the domain namespace in the page's language", async () => {
    await i18next.changeLanguage("en");
    const { result } = renderHook(() => useMessageText());
    expect(result.current("validation.phone_invalid")).toBe("Phone Number is invalid!");
    // A key of any area, with the limit its text names filled from the domain's constants.
    expect(result.current("validation.suspension_days_invalid")).toBe("Please choose from 1 to 15 days.");
    await act(() => i18next.changeLanguage("th"));
    expect(result.current("validation.phone_invalid")).toBe("หมายเลขโทรศัพท์ไม่ถูกต้อง!");
  });

  it("passes a text the server worded through, and nothing for no message", () => {
    const { result } = renderHook(() => useMessageText());
    expect(result.current("The name is already taken.")).toBe("The name is already taken.");
    // A key of a web namespace is not a domain message: it is shown as it came.
    expect(result.current("app.name")).toBe("app.name");
    expect(result.current(undefined)).toBeUndefined();
    expect(result.current("")).toBeUndefined();
  });
});
