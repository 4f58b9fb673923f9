import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PlainTable, ScrollRegion } from "./plain-table";

const rows = (
  <tr>
    <td>THAIBULK</td>
    <td>12</td>
  </tr>
);

describe("PlainTable", () => {
  it("names the table with a hidden caption and heads each column, the caller's rows under them", () => {
    render(
      <PlainTable
        look="compact"
        caption="Senders"
        columns={[
          { label: "Sender", className: "text-start" },
          { label: "Requests", className: "text-end" },
        ]}
      >
        {rows}
      </PlainTable>,
    );
    const table = screen.getByRole("table", { name: "Senders" });
    expect(table.querySelector("caption")).toHaveClass("sr-only");
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Sender", "Requests"]);
    expect(headers[1]).toHaveAttribute("scope", "col");
    expect(headers[1]).toHaveClass("py-1", "font-medium", "text-end");
    expect(within(table).getByRole("row", { name: /THAIBULK/ })).toBeInTheDocument();
    expect(headers[0]?.closest("tr")).toHaveClass("border-b");
  });

  it("shows a caption when asked, takes the caller's classes and test id, and leaves out the rule on request", () => {
    render(
      <PlainTable
        look="compact"
        caption="Recent blocks"
        captionClassName="mb-1 font-medium"
        headRule={false}
        className="text-start"
        testId="blocks"
        columns={[{ label: "Time" }, { label: "Reason" }]}
      >
        {rows}
      </PlainTable>,
    );
    const table = screen.getByTestId("blocks");
    expect(table).toHaveClass("w-full", "text-sm", "text-start");
    expect(table.querySelector("caption")).toHaveClass("mb-1", "font-medium");
    expect(table.querySelector("caption")).not.toHaveClass("sr-only");
    expect(within(table).getAllByRole("columnheader")[0]?.closest("tr")).not.toHaveClass("border-b");
  });

  it("has no caption unless given one; the reference look has the grey head and ruled rows", () => {
    render(
      <PlainTable look="reference" columns={[{ label: "Name" }, { label: "Type", className: "text-end" }]}>
        {rows}
      </PlainTable>,
    );
    const table = screen.getByRole("table");
    expect(table.querySelector("caption")).toBeNull();
    expect(table.querySelector("thead")).toHaveClass("bg-gray-50", "uppercase");
    expect(table.querySelector("tbody")).toHaveClass("divide-y");
    expect(within(table).getAllByRole("columnheader")[1]).toHaveClass("px-3", "py-2", "text-end");
  });
});

describe("ScrollRegion", () => {
  it("is a named region a keyboard can reach to scroll", () => {
    render(
      <ScrollRegion label="Headers (POST /sms)">
        <p>wide</p>
      </ScrollRegion>,
    );
    const region = screen.getByRole("region", { name: "Headers (POST /sms)" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(region).toHaveClass("overflow-x-auto");
    expect(within(region).getByText("wide")).toBeInTheDocument();
  });
});
