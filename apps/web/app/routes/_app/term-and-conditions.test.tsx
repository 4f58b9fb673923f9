import { systemEndpoints } from "@sms/domain/endpoints/system";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TERMS_CONTENT } from "~/features/marketing";
import { mockEndpoint } from "../../../test/msw";
import { renderApp } from "../../../test/render";
import AppTermsPage from "./term-and-conditions";

const tncLog = vi.hoisted(() => ({ current: null as null | { version: string; accepted_at: string } }));
vi.mock("~/features/account", () => ({
  useCurrentUser: () => ({
    user: { id: 1, first_name: "A", last_name: "B", tnc_log: tncLog.current },
    isLoading: false,
  }),
}));

const renderAt = (path: string) => renderApp(<AppTermsPage />, { path });

beforeEach(() => {
  tncLog.current = { version: "2026-10", accepted_at: "2026-10-05T02:30:00.000Z" };
  mockEndpoint(systemEndpoints.configurations, {
    data: { tnc_version: "2026-10", tnc_change_note: null, dev_inbox: false },
  });
});

describe("in-app terms page (/term-and-conditions)", () => {
  it("shows the current version, when the user accepted it and the public page's text", async () => {
    await renderAt("/en/term-and-conditions");
    expect(await screen.findByText("Current version: 2026-10")).toBeInTheDocument();
    expect(screen.getByTestId("terms-accepted")).toHaveTextContent(
      "You accepted version 2026-10 on 05 Oct 2026 09:30.",
    );
    expect(screen.queryByTestId("terms-outdated")).toBeNull();
    const en = TERMS_CONTENT.en;
    expect(screen.getByRole("heading", { level: 1, name: en.title })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(en.sections.length);
    expect(
      screen.getByRole("heading", { level: 2, name: `1. ${en.sections[0]!.heading}` }),
    ).toBeInTheDocument();
  });

  it("in Thai, says when a newer version waits to be accepted", async () => {
    tncLog.current = { version: "2025-01", accepted_at: "2025-01-10T03:00:00.000Z" };
    await renderAt("/term-and-conditions");
    expect(await screen.findByText("ฉบับปัจจุบัน: 2026-10")).toBeInTheDocument();
    expect(screen.getByTestId("terms-accepted")).toHaveTextContent("10 ม.ค. 2568 10:00");
    expect(screen.getByTestId("terms-outdated")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: TERMS_CONTENT.th.title })).toBeInTheDocument();
  });

  it("says when the user has not accepted the terms yet", async () => {
    tncLog.current = null;
    await renderAt("/en/term-and-conditions");
    expect(await screen.findByText("You have not accepted these terms yet.")).toBeInTheDocument();
  });
});
