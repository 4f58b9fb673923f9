import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { THAI_PUBLIC_HOLIDAYS } from "@sms/domain/rules/thai-public-holidays";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { HolidaysEditor } from "./holidays-editor";

/** 14 May 2026 in Bangkok: the editor opens on 2026. Only Date is faked so user-event's timers run. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-05-14T05:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const OFFICIAL_2026 = THAI_PUBLIC_HOLIDAYS[2026] ?? [];

describe("public holidays in the back office (review D69)", () => {
  it("says 2027's lunar dates await the Cabinet's announcement, and nothing of 2026's (ADR 108)", async () => {
    mockEndpoint(adminEndpoints.listHolidays, { data: { entities: [] } });
    const { user } = await renderApp(<HolidaysEditor />, { path: "/en/admin/settings" });
    await screen.findByText("Year 2026");
    expect(screen.queryByTestId("holidays-provisional")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next year" }));
    await screen.findByText("Year 2027");
    expect(screen.getByTestId("holidays-provisional")).toHaveTextContent(
      /^2027's Buddhist holidays \(Makha Bucha 21 Feb, Visakha Bucha 20 May, Asarnha Bucha 18 Jul, Khao Phansa 19 Jul\).*Cabinet's announcement/,
    );
  });

  it("chooses a day on the product's calendar, in Buddhist-era years in Thai, not the browser's date field", async () => {
    mockEndpoint(adminEndpoints.listHolidays, { data: { entities: [] } });
    const create = mockEndpoint(adminEndpoints.createHoliday, ({ body }) => ({ data: body }));
    const { user, container } = await renderApp(<HolidaysEditor />, { path: "/admin/settings" });
    expect(container.querySelector("input[type=date]")).toBeNull();
    const field = screen.getByRole("textbox", { name: /^วันที่/ });
    expect(field).toHaveAttribute("readonly");
    expect(field).toHaveAttribute("placeholder", "ปปปป-ดด-วว");

    await user.click(screen.getByRole("button", { name: "เลือกจากปฏิทิน" }));
    const calendar = await screen.findByRole("dialog");
    // A holiday is announced ahead: days after today can be chosen.
    await user.click(within(calendar).getByRole("button", { name: /(^|\D)20 พฤษภาคม 2569/ }));
    expect(field).toHaveValue("2569-05-20");
    await user.type(screen.getByRole("textbox", { name: /^วันหยุด/ }), "วันหยุดพิเศษ");
    await user.click(screen.getByTestId("add-holiday"));
    await waitFor(() => expect(create.calls).toHaveLength(1));
    expect(create.calls[0]?.body).toEqual({ date: "2026-05-20", name: "วันหยุดพิเศษ" });
  });

  it("loads the year's official holidays as a list to untick and adds only the new ones, in Thai", async () => {
    mockEndpoint(adminEndpoints.listHolidays, {
      data: { entities: [{ date: "2026-01-01", name: "วันขึ้นปีใหม่" }] },
    });
    // One day another staff member added meanwhile: counted as there, not as a failure.
    const create = mockEndpoint(adminEndpoints.createHoliday, ({ body }) =>
      body.date === "2026-03-03"
        ? apiError(409, "CONFLICT", "มีวันหยุดวันนี้แล้ว")
        : { data: { date: body.date, name: body.name } },
    );
    const { user } = await renderApp(<HolidaysEditor />, { path: "/admin/settings" });
    await screen.findByText("วันขึ้นปีใหม่");
    await user.click(screen.getByRole("button", { name: "โหลดวันหยุดราชการปี 2569" }));

    const preview = await screen.findByTestId("official-preview");
    expect(within(preview).getByRole("heading", { name: "วันหยุดราชการประจำปี 2569" })).toBeInTheDocument();
    const rows = within(preview).getAllByTestId("official-holiday");
    expect(rows).toHaveLength(OFFICIAL_2026.length);
    const newYear = within(preview).getByRole("checkbox", { name: /1 มกราคม 2569 · วันขึ้นปีใหม่/ });
    expect(newYear).toBeChecked();
    expect(newYear).toBeDisabled();
    expect(rows[0]).toHaveTextContent("มีในตารางแล้ว");
    expect(within(preview).getByTestId("official-source")).toHaveTextContent(/ที่มา: .*คณะรัฐมนตรี/);
    for (const name of ["วันมาฆบูชา", "วันวิสาขบูชา", "วันอาสาฬหบูชา", "วันเข้าพรรษา", "วันหยุดชดเชยวันวิสาขบูชา"]) {
      expect(within(preview).getByRole("checkbox", { name: new RegExp(` · ${name}$`) })).toBeChecked();
    }

    await user.click(within(preview).getByRole("checkbox", { name: /31 ธันวาคม 2569 · วันสิ้นปี/ }));
    const expected = OFFICIAL_2026.filter((h) => h.date !== "2026-01-01" && h.date !== "2026-12-31");
    await user.click(within(preview).getByRole("button", { name: `เพิ่ม ${expected.length} วัน` }));
    await waitFor(() => expect(screen.queryByTestId("official-preview")).not.toBeInTheDocument());
    expect(create.calls.map((call) => call.body)).toEqual(
      expected.map((h) => ({ date: h.date, name: h.name.th })),
    );
  });

  it("says in English that a year the built-in list does not cover cannot be loaded", async () => {
    mockEndpoint(adminEndpoints.listHolidays, { data: { entities: [] } });
    const create = mockEndpoint(adminEndpoints.createHoliday, ({ body }) => ({ data: body }));
    const { user } = await renderApp(<HolidaysEditor />, { path: "/en/admin/settings" });
    await user.click(screen.getByRole("button", { name: "Next year" }));
    await user.click(screen.getByRole("button", { name: "Next year" }));
    const load = screen.getByRole("button", { name: "Load the official holidays of 2028" });
    await waitFor(() => expect(load).toBeEnabled());
    await user.click(load);
    expect(await screen.findByTestId("official-not-covered")).toHaveTextContent(
      "The built-in list has the holidays of 2026, 2027 only, so 2028 cannot be loaded: add its holidays by hand.",
    );
    expect(screen.queryByTestId("official-preview")).not.toBeInTheDocument();
    expect(create.calls).toHaveLength(0);
  });

  it("shows the server's message when adding the official holidays fails, and keeps the list", async () => {
    mockEndpoint(adminEndpoints.listHolidays, { data: { entities: [] } });
    mockEndpoint(
      adminEndpoints.createHoliday,
      apiError(403, "FORBIDDEN", "Only administrators can do this."),
    );
    const { user } = await renderApp(<HolidaysEditor />, { path: "/en/admin/settings" });
    const load = screen.getByRole("button", { name: "Load the official holidays of 2026" });
    await waitFor(() => expect(load).toBeEnabled());
    await user.click(load);
    await user.click(screen.getByRole("button", { name: `Add ${OFFICIAL_2026.length} holidays` }));
    expect(await screen.findByText("Only administrators can do this.")).toBeInTheDocument();
    expect(screen.getByTestId("official-preview")).toBeInTheDocument();
  });

  it("renames a day in its row, a built-in one too, and says a blank name is not one", async () => {
    let name = "วันสิ้นปี";
    mockEndpoint(adminEndpoints.listHolidays, () => ({
      data: { entities: [{ date: "2026-12-31", name }] },
    }));
    const update = mockEndpoint(adminEndpoints.updateHoliday, ({ params, body }) => {
      name = body.name;
      return { data: { date: params.date, name: body.name } };
    });
    const { user } = await renderApp(<HolidaysEditor />, { path: "/en/admin/settings" });
    await user.click(await screen.findByRole("button", { name: "Rename วันสิ้นปี" }));
    const field = screen.getByRole("textbox", { name: "New name for Thursday 31 December 2026" });
    expect(field).toHaveValue("วันสิ้นปี");
    await user.clear(field);
    await user.click(screen.getByTestId("save-holiday-2026-12-31"));
    expect(
      await screen.findByText("Please enter the holiday's name (at most 100 characters).", { exact: false }),
    ).toBeInTheDocument();
    expect(update.calls).toHaveLength(0);
    await user.type(field, "วันสิ้นปี (หยุดครึ่งวัน)");
    await user.click(screen.getByTestId("save-holiday-2026-12-31"));
    await waitFor(() =>
      expect(update.calls).toMatchObject([
        { params: { date: "2026-12-31" }, body: { name: "วันสิ้นปี (หยุดครึ่งวัน)" } },
      ]),
    );
    expect(await screen.findByRole("cell", { name: "วันสิ้นปี (หยุดครึ่งวัน)" })).toBeInTheDocument();
    expect(
      screen.queryByRole("textbox", { name: "New name for Thursday 31 December 2026" }),
    ).not.toBeInTheDocument();
  });

  it("deletes a day after the confirmation and gives the focus to the list", async () => {
    let days = [
      { date: "2026-12-10", name: "วันรัฐธรรมนูญ" },
      { date: "2026-12-31", name: "วันสิ้นปี" },
    ];
    mockEndpoint(adminEndpoints.listHolidays, () => ({ data: { entities: days } }));
    const remove = mockEndpoint(adminEndpoints.deleteHoliday, ({ params }) => {
      days = days.filter((d) => d.date !== params.date);
      return { data: { message: "Holiday removed." } };
    });
    const { user } = await renderApp(<HolidaysEditor />, { path: "/en/admin/settings" });
    await user.click(await screen.findByTestId("delete-holiday-2026-12-31"));
    await user.click(within(await screen.findByRole("alertdialog")).getByTestId("confirm"));
    await waitFor(() => expect(remove.calls).toMatchObject([{ params: { date: "2026-12-31" } }]));
    // The row's Delete button went with its row: the focus goes to the list, not to the page's top.
    await waitFor(() => expect(screen.getByTestId("holidays-region")).toHaveFocus());
    expect(screen.queryByTestId("delete-holiday-2026-12-31")).not.toBeInTheDocument();
  });

  it("offers the rename in Thai", async () => {
    mockEndpoint(adminEndpoints.listHolidays, {
      data: { entities: [{ date: "2026-12-31", name: "วันสิ้นปี" }] },
    });
    const { user } = await renderApp(<HolidaysEditor />, { path: "/admin/settings" });
    await user.click(await screen.findByTestId("rename-holiday-2026-12-31"));
    expect(screen.getByRole("textbox", { name: "ชื่อใหม่ของวันพฤหัสบดี 31 ธันวาคม 2569" })).toHaveValue("วันสิ้นปี");
  });
});
