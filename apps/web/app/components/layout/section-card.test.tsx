import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SectionCard } from "./section-card";

describe("SectionCard", () => {
  it("is a section named by its h2, with the introduction and the content under it", () => {
    render(
      <SectionCard headingId="alerts-heading" title="Low credit" intro="We e-mail you" data-testid="card">
        <p>content</p>
      </SectionCard>,
    );
    const card = screen.getByRole("region", { name: "Low credit" });
    expect(card).toBe(screen.getByTestId("card"));
    expect(within(card).getByRole("heading", { level: 2, name: "Low credit" })).toHaveAttribute(
      "id",
      "alerts-heading",
    );
    expect(within(card).getByText("We e-mail you")).toBeInTheDocument();
    expect(within(card).getByText("content")).toBeInTheDocument();
    expect(card).toHaveClass("space-y-4", "sm:p-6");
  });

  it("has no introduction unless given one; compact is tighter and takes the caller's classes and attributes", () => {
    render(
      <SectionCard headingId="smpp-heading" title="SMPP" compact className="max-w-3xl" aria-busy>
        <p>content</p>
      </SectionCard>,
    );
    const card = screen.getByRole("region", { name: "SMPP" });
    expect(card).toHaveClass("max-w-3xl", "space-y-3");
    expect(card).not.toHaveClass("sm:p-6");
    expect(card).toHaveAttribute("aria-busy", "true");
    expect(card.querySelectorAll("p")).toHaveLength(1);
  });
});
