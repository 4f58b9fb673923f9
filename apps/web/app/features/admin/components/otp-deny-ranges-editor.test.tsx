import { otpDenyRangesEndpoints } from "@sms/domain/endpoints/otp-guard";
import { screen } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { OtpDenyRangesEditor, parseDenyRanges } from "./otp-deny-ranges-editor";

spyOnToasts();

const SEEDED = [
  {
    prefix: "661900",
    kind: "premium" as const,
    note: "1900 numbers",
    updated_at: "2026-11-29T00:00:00.000Z",
  },
  { prefix: "6660", kind: "unallocated" as const, note: "", updated_at: "2026-11-29T00:00:00.000Z" },
];

describe("the OTP deny list editor", () => {
  it("shows the list one range per line and saves it, naming the lines it cannot read", async () => {
    mockEndpoint(otpDenyRangesEndpoints.list, { data: { entities: SEEDED } });
    const replace = mockEndpoint(otpDenyRangesEndpoints.replace, ({ body }) => ({
      data: {
        entities: body.ranges.map((r) => ({
          ...r,
          note: r.note ?? "",
          updated_at: "2026-11-29T01:00:00.000Z",
        })),
      },
    }));
    const { user } = await renderApp(<OtpDenyRangesEditor />, { path: "/en/admin/connections" });
    const box = (await screen.findByTestId("otp-deny-ranges")) as HTMLTextAreaElement;
    await vi.waitFor(() => expect(box.value).toBe("661900 premium 1900 numbers\n6660 unallocated"));
    await user.clear(box);
    await user.type(box, "661900 premium{enter}0999 cheap{enter}0999999 abuse case 12");
    await user.click(screen.getByTestId("save-otp-deny"));
    expect(await screen.findByText(/These lines need a prefix .* and a kind .*: 2\./)).toBeTruthy();
    expect(replace.calls).toHaveLength(0);
    await user.clear(box);
    await user.type(box, "661900 premium{enter}0999999, abuse, case 12");
    await user.click(screen.getByTestId("save-otp-deny"));
    await vi.waitFor(() =>
      expect(replace.lastCall?.body).toEqual({
        ranges: [
          { prefix: "661900", kind: "premium", note: "" },
          { prefix: "66999999", kind: "abuse", note: "case 12" },
        ],
      }),
    );
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith("2 ranges saved."));
  });

  it("reads kinds in any case and a + before the digits; shows the server's refusal in Thai", async () => {
    expect(parseDenyRanges("+661900\tPREMIUM\n\n0600 Unallocated not assigned")).toEqual({
      ranges: [
        { prefix: "661900", kind: "premium", note: "" },
        { prefix: "66600", kind: "unallocated", note: "not assigned" },
      ],
      badLines: [],
    });
    expect(parseDenyRanges("6681\n12 premium").badLines).toEqual([1, 2]);
    mockEndpoint(otpDenyRangesEndpoints.list, { data: { entities: [] } });
    mockEndpoint(otpDenyRangesEndpoints.replace, apiError(400, "VALIDATION", "คำนำหน้าซ้ำกันไม่ได้"));
    const { user } = await renderApp(<OtpDenyRangesEditor />, { path: "/th/admin/connections" });
    expect(await screen.findByRole("heading", { name: "รายการหมายเลขที่ห้ามส่ง OTP" })).toBeTruthy();
    await user.type(await screen.findByTestId("otp-deny-ranges"), "6681 abuse");
    await user.click(screen.getByTestId("save-otp-deny"));
    expect(await screen.findByText("คำนำหน้าซ้ำกันไม่ได้")).toBeTruthy();
  });
});
