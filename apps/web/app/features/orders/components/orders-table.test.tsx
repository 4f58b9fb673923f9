import type { TOrder } from "@sms/domain/contracts/orders";
import { filesEndpoints } from "@sms/domain/endpoints/files";
import { ordersEndpoints } from "@sms/domain/endpoints/orders";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { order, page } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { OrdersTable } from "./orders-table";

const waitingOrder = order();

spyOnToasts();

const renderTable = () => renderApp(<OrdersTable />, { path: "/en/orders" });

beforeEach(() => {
  const entities: TOrder[] = [
    { ...waitingOrder, id: 3, status: "rejected", status_label: "rejected", reject_reason: "Wrong amount" },
    {
      ...waitingOrder,
      id: 2,
      status: "approved",
      status_label: "approved",
      document_number: "RC2026-000007",
    },
    waitingOrder,
  ];
  mockEndpoint(ordersEndpoints.listOrders, page(entities));
});
afterEach(() => vi.clearAllMocks());

describe("OrdersTable", () => {
  it("shows each order's credit, price and status: checking while waiting, the reason when rejected", async () => {
    await renderTable();
    await screen.findByText("Reason: Wrong amount");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("Rejected");
    expect(rows[0]).toHaveTextContent("Reason: Wrong amount");
    expect(rows[1]).toHaveTextContent("Approved");
    expect(rows[2]).toHaveTextContent("Checking");
    expect(rows[2]).toHaveTextContent("1,500");
    expect(rows[2]).toHaveTextContent("854.93 THB");
  });

  it("offers the proof for every order and the receipts only for an approved one", async () => {
    await renderTable();
    await screen.findByText("Reason: Wrong amount");
    const rows = screen.getAllByRole("row").slice(1);
    for (const row of rows)
      expect(within(row).getByRole("button", { name: "Proof of payment" })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByTestId("receipt-th-2")).toHaveTextContent("Receipt (Thai)");
    expect(within(rows[1] as HTMLElement).getByTestId("receipt-en-2")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).queryByTestId("receipt-th-3")).not.toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByTestId("receipt-th-1")).not.toBeInTheDocument();
  });
});

describe("the 50 ทวิ certificate of a juristic order (review D14)", () => {
  const juristic = (patch: Partial<TOrder>): TOrder => ({
    ...waitingOrder,
    buyer_type: "juristic",
    withholding_tax_satang: 2_397,
    total_satang: 83_096,
    ...patch,
  });
  const CERTIFICATE_ID = "9d2f0a43-1c7e-4b8a-8f3e-2a6b5c4d3e21";
  const storedFile = (id: string) => ({
    id,
    kind: "withholding_certificate" as const,
    mime: "application/pdf",
    size: 8,
    original_name: "50tawi.pdf",
    created_at: "2026-11-20T03:00:00.000Z",
  });

  beforeEach(() => {
    const entities = [
      juristic({ id: 9 }),
      juristic({ id: 8, wht_certificate_file_id: CERTIFICATE_ID }),
      juristic({ id: 7, status: "rejected", status_label: "rejected", reject_reason: "Wrong amount" }),
    ];
    mockEndpoint(ordersEndpoints.listOrders, page(entities));
  });

  it("asks for it where it is missing, offers the attached one, and none for a rejected order or an individual", async () => {
    await renderTable();
    await screen.findByText("Reason: Wrong amount");
    expect(screen.getByTestId("wht-9")).toHaveTextContent("50 Tawi not attached yet");
    expect(screen.getByTestId("wht-9")).toHaveTextContent("Attach 50 Tawi");
    expect(screen.getByTestId("wht-view-8")).toHaveTextContent("WHT certificate (50 Tawi)");
    expect(screen.getByTestId("wht-8")).toHaveTextContent("Replace 50 Tawi");
    expect(screen.queryByTestId("wht-7")).not.toBeInTheDocument();
  });

  it("uploads the file as a certificate and attaches it to its order", async () => {
    const upload = mockEndpoint(filesEndpoints.upload, { data: storedFile(CERTIFICATE_ID) });
    const attach = mockEndpoint(ordersEndpoints.attachWhtCertificate, { data: juristic({ id: 9 }) });
    const { user } = await renderTable();
    const certificate = new File(["%PDF-1.4"], "50tawi.pdf", { type: "application/pdf" });
    await user.upload(await screen.findByTestId("wht-input-9"), certificate);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Certificate attached to order #9."));
    expect(upload.calls.map((call) => call.query)).toEqual([{ kind: "withholding_certificate" }]);
    expect(upload.lastCall?.request.headers.get("Accept-Language")).toBe("en");
    const sent = upload.lastCall?.body.get("file") as File;
    expect([sent.name, await sent.text()]).toEqual(["50tawi.pdf", "%PDF-1.4"]);
    expect(attach.calls.map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { id: 9 }, body: { file_id: CERTIFICATE_ID } },
    ]);
  });

  it("shows the server's refusal", async () => {
    mockEndpoint(filesEndpoints.upload, apiError(400, "VALIDATION", "Please add image or pdf file!"));
    const attach = mockEndpoint(ordersEndpoints.attachWhtCertificate, { data: juristic({ id: 9 }) });
    const { user } = await renderTable();
    await user.upload(
      await screen.findByTestId("wht-input-9"),
      new File(["MZ"], "virus.pdf", { type: "application/pdf" }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Please add image or pdf file!"));
    expect(attach.calls).toHaveLength(0);
  });
});
