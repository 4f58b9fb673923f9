import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { estimateCredits } from "./calculator-model";
import { SmsCalculator } from "./components/sms-calculator";
import { initCalculator } from "./enhance/calculator";

const field = (name: string) => document.querySelector(`[data-calc="${name}"]`)?.textContent;

describe("credit calculator", () => {
  beforeEach(() => i18next.changeLanguage("en"));

  it("applies the domain SMS rules", () => {
    expect(estimateCredits("", 10)).toMatchObject({ length: 0, parts: 0, credits: 0 });
    expect(estimateCredits("a".repeat(160), 3)).toMatchObject({
      unicode: false,
      perPart: 160,
      parts: 1,
      credits: 3,
    });
    expect(estimateCredits("a".repeat(161), 3)).toMatchObject({ perPart: 154, parts: 2, credits: 6 });
    expect(estimateCredits(`${"a".repeat(69)}ก`, 1)).toMatchObject({
      unicode: true,
      perPart: 70,
      parts: 1,
      forcingChar: "ก",
      forcingPosition: 70,
    });
    expect(estimateCredits("x".repeat(71).replace(/^x/, "ข"), 2)).toMatchObject({
      perPart: 67,
      parts: 2,
      credits: 4,
    });
    expect(estimateCredits("a\u00a0b", 1)).toMatchObject({ forcingChar: "U+00A0", forcingInvisible: true });
  });

  it("counts an emoji as two UCS-2 units, as the domain rules bill it", () => {
    expect(estimateCredits("😀".repeat(35), 1)).toMatchObject({ length: 70, parts: 1, remaining: 0 });
    expect(estimateCredits(`${"ก".repeat(69)}😀`, 10)).toMatchObject({ length: 71, parts: 2, credits: 20 });
  });

  it("refuses a negative or fractional recipient count instead of correcting it", () => {
    expect(estimateCredits("hello", -5)).toMatchObject({ recipientsValid: false, credits: 0 });
    expect(estimateCredits("hello", 2.5)).toMatchObject({ recipientsValid: false, credits: 0 });
    expect(estimateCredits("hello", Number.NaN)).toMatchObject({ recipientsValid: false, credits: 0 });
    expect(estimateCredits("hello", 0)).toMatchObject({ recipientsValid: true, credits: 0 });
  });

  it("is prerendered with a worked example", () => {
    render(<SmsCalculator recipients={1000} />);
    expect(screen.getByLabelText("Message")).toHaveValue(i18next.t("marketing:calculator.example"));
    expect(field("parts")).toBe("1");
    expect(field("credits")).toBe("1,000");
  });

  it("recomputes parts, characters and credits as the visitor types", async () => {
    render(<SmsCalculator />);
    initCalculator(document);
    const message = screen.getByLabelText("Message");
    const recipients = screen.getByLabelText("Number of recipients");
    await userEvent.clear(message);
    await userEvent.type(message, "Hello customer");
    await userEvent.clear(recipients);
    await userEvent.type(recipients, "2500");
    expect(field("length")).toBe("14");
    expect(field("perPart")).toBe("160");
    expect(field("credits")).toBe("2,500");
    expect(screen.getByText(/English characters only/)).toBeVisible();
    expect(document.querySelector("mark[data-calc=forcingChar]")?.closest("p")).not.toBeVisible();
  });

  it("points at the character that forced the Thai rate", async () => {
    render(<SmsCalculator />);
    initCalculator(document);
    const message = screen.getByLabelText("Message");
    await userEvent.clear(message);
    await userEvent.type(message, `Sale 50% ${"x".repeat(61)}ลด`);
    expect(field("length")).toBe("72");
    expect(field("perPart")).toBe("67");
    expect(field("parts")).toBe("2");
    expect(field("forcingChar")).toBe("ล");
    expect(field("forcingPosition")).toBe("71");
    expect(document.querySelector("mark[data-calc=forcingChar]")?.closest("p")).toBeVisible();
    expect(document.querySelector("mark[data-calc=forcingChar]")?.closest("p")).toHaveTextContent(
      "The character ล (position 71) makes this message use the Thai rate",
    );
  });

  it("says why a negative recipient count gives no result, and clears it once fixed", async () => {
    render(<SmsCalculator />);
    initCalculator(document);
    const recipients = screen.getByLabelText("Number of recipients");
    const error = "Enter a whole number of recipients, 0 or more.";
    expect(screen.getByText(error)).not.toBeVisible();
    await userEvent.clear(recipients);
    await userEvent.type(recipients, "-20");
    expect(screen.getByText(error)).toBeVisible();
    expect(recipients).toHaveAttribute("aria-invalid", "true");
    expect(recipients).toHaveAccessibleDescription(error);
    expect(field("credits")).toBe("0");
    await userEvent.clear(recipients);
    await userEvent.type(recipients, "20");
    expect(screen.getByText(error)).not.toBeVisible();
    expect(recipients).not.toHaveAttribute("aria-invalid");
    expect(field("credits")).toBe("20");
  });

  it("counts a typed emoji as two characters", async () => {
    render(<SmsCalculator />);
    initCalculator(document);
    const message = screen.getByLabelText("Message");
    await userEvent.clear(message);
    await userEvent.type(message, "Hi 😀");
    expect(field("length")).toBe("5");
    expect(field("perPart")).toBe("70");
    expect(field("forcingChar")).toBe("😀");
    expect(field("forcingPosition")).toBe("4");
  });
});
