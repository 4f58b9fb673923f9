import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { SupportChannels } from "./support-channels";

describe("SupportChannels (review D52: the in-app contact page)", () => {
  afterEach(() => i18next.changeLanguage("th"));

  it("gives the hotline with its hours, LINE and e-mail with the reply time", async () => {
    await i18next.changeLanguage("en");
    render(<SupportChannels />);
    expect(screen.getByRole("complementary", { name: "Other ways to reach us" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "02-026-6999" })).toHaveAttribute("href", "tel:020266999");
    expect(screen.getByText(/Monday–Friday 8:30–17:30/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Chat on LINE/ })).toHaveAttribute(
      "href",
      "https://line.me/R/ti/p/@smsportal",
    );
    expect(screen.getByRole("link", { name: "support@smsportal.co.th" })).toHaveAttribute(
      "href",
      "mailto:support@smsportal.co.th",
    );
    expect(screen.getByText(/We reply within one working day/)).toBeInTheDocument();
  });

  it("speaks Thai", async () => {
    await i18next.changeLanguage("th");
    render(<SupportChannels />);
    expect(screen.getByRole("heading", { name: "ช่องทางอื่นในการติดต่อ" })).toBeInTheDocument();
    expect(screen.getByText(/จันทร์–ศุกร์ 08:30–17:30 น\./)).toBeInTheDocument();
    expect(screen.getByText(/ตอบกลับภายใน 1 วันทำการ/)).toBeInTheDocument();
  });
});
