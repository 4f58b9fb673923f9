import { DEFAULT_CONSENT_WORDING, type TConsentWording } from "@sms/domain/contracts/contacts";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { organization } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { ConsentWording } from "./consent-wording";

spyOnToasts();

let wording: TConsentWording;
let memberRole: number;
let saved: unknown[];

const renderAt = (locale: "th" | "en" = "en") =>
  renderApp(<ConsentWording organizationId={7} />, {
    path: locale === "en" ? "/en/accounts/settings" : "/accounts/settings",
  });

beforeEach(() => {
  memberRole = 100;
  saved = [];
  wording = { version: 1, text: DEFAULT_CONSENT_WORDING, is_default: true, created_at: null };
  mockEndpoint(contactsEndpoints.getConsentWording, () => ({ data: wording }));
  mockEndpoint(organizationsEndpoints.get, () => ({
    data: organization({ id: 7, name: "Acme", member_role: memberRole }),
  }));
  mockEndpoint(contactsEndpoints.updateConsentWording, ({ body }) => {
    saved.push(body);
    if (body.text.trim() !== wording.text) {
      wording = {
        version: wording.version + 1,
        text: body.text.trim(),
        is_default: false,
        created_at: "2026-11-30T03:00:00.000Z",
      };
    }
    return { data: wording };
  });
});
afterEach(() => vi.clearAllMocks());

describe("ConsentWording (ADR 108)", () => {
  it("shows the product's wording as version 1 and saves the organization's own as version 2", async () => {
    const { user } = await renderAt();
    const text = await screen.findByRole("textbox", { name: /^Consent wording/ });
    expect(text).toHaveValue(DEFAULT_CONSENT_WORDING);
    expect(screen.getByTestId("consent-wording-version")).toHaveTextContent(
      "Version 1: the portal's standard wording",
    );
    await user.clear(text);
    await user.click(screen.getByRole("button", { name: "Save wording" }));
    expect(await screen.findByText(/Please enter the consent wording\./)).toBeInTheDocument();
    expect(saved).toEqual([]);

    await user.type(text, "Acme members: news and offers by SMS, stop any time");
    await user.click(screen.getByRole("button", { name: "Save wording" }));
    await waitFor(() =>
      expect(screen.getByTestId("consent-wording-version")).toHaveTextContent(/^Version 2, saved on/),
    );
    expect(saved).toEqual([{ text: "Acme members: news and offers by SMS, stop any time" }]);
    expect(toast.success).toHaveBeenCalledWith("Consent wording saved as version 2.");
    expect(screen.getByRole("textbox", { name: /^Consent wording/ })).toHaveValue(
      "Acme members: news and offers by SMS, stop any time",
    );
  });

  it("is read-only, in Thai, for a member who may not change the settings", async () => {
    memberRole = 1;
    wording = {
      version: 3,
      text: "ข้อความของเรา v3",
      is_default: false,
      created_at: "2026-11-01T03:00:00.000Z",
    };
    await renderAt("th");
    const text = await screen.findByRole("textbox", { name: /^ข้อความความยินยอม/ });
    expect(text).toHaveValue("ข้อความของเรา v3");
    expect(text).toHaveAttribute("readonly");
    expect(screen.getByTestId("consent-wording-version")).toHaveTextContent(/^เวอร์ชัน 3 บันทึกเมื่อ/);
    expect(screen.queryByRole("button", { name: "บันทึกข้อความ" })).toBeNull();
    expect(
      screen.getByText("เฉพาะเจ้าของหรือ Account Service ขององค์กรเท่านั้นที่เปลี่ยนข้อความความยินยอมได้"),
    ).toBeInTheDocument();
  });
});
