import { describe, expect, it } from "vitest";
import { ZAdminOrdersQuery, ZCartQuery, ZCreateOrderRequest, ZRejectOrderRequest } from "./orders.ts";

const PROOF = "5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f";
const individual = { package_id: 1, buyer_type: "individual", buyer_name: "Somchai", proof_file_id: PROOF };
const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("ZCreateOrderRequest", () => {
  it("keeps only what a buyer may say: status, credits, totals and organization are stripped", () => {
    const parsed = ZCreateOrderRequest.parse({
      ...individual,
      status: "approved",
      credits: 1_000_000,
      total_satang: 1,
      organization_id: 2,
    });
    expect(parsed).toEqual({ ...individual });
  });

  it("requires a proof file id with the spec's message", () => {
    const { proof_file_id: _, ...noProof } = individual;
    expect(messages(ZCreateOrderRequest.safeParse(noProof))).toEqual({
      proof_file_id: "validation.proof_file_required",
    });
  });

  it("asks a juristic buyer for tax id, branch and address, and checks the tax id's check digit", () => {
    const juristic = { ...individual, buyer_type: "juristic" };
    expect(messages(ZCreateOrderRequest.safeParse(juristic))).toEqual({
      tax_id: "validation.required",
      branch: "validation.required",
      address: "validation.required",
    });
    expect(
      messages(
        ZCreateOrderRequest.safeParse({
          ...juristic,
          tax_id: "0105556000001",
          branch: "0001",
          address: "Bangkok",
        }),
      ),
    ).toEqual({ tax_id: "orders.validation.tax_id_invalid", branch: "orders.validation.branch_invalid" });
    expect(
      ZCreateOrderRequest.parse({
        ...juristic,
        tax_id: "0 1055 56000 00 9",
        branch: "00000",
        address: " Bangkok ",
      }),
    ).toMatchObject({ tax_id: "0105556000009", branch: "00000", address: "Bangkok" });
  });

  it("refuses markup in the buyer's name", () => {
    expect(messages(ZCreateOrderRequest.safeParse({ ...individual, buyer_name: "<b>x</b>" }))).toEqual({
      buyer_name: "validation.name_markup",
    });
  });
});

describe("queries and the reject body", () => {
  it("defaults the cart to an individual buyer and coerces the package id", () => {
    expect(ZCartQuery.parse({ package_id: "3" })).toEqual({ package_id: 3, buyer_type: "individual" });
    expect(ZCartQuery.safeParse({ package_id: "0" }).success).toBe(false);
  });

  it("filters the queue by a known status only, oldest first by default", () => {
    expect(ZAdminOrdersQuery.parse({ status: "waiting" })).toMatchObject({
      status: "waiting",
      sort: "created_at",
      reverse: false,
    });
    expect(ZAdminOrdersQuery.parse({ status: "" }).status).toBeUndefined();
    expect(ZAdminOrdersQuery.safeParse({ status: "paid" }).success).toBe(false);
  });

  it("needs a reason of 1 to 500 characters to reject", () => {
    expect(ZRejectOrderRequest.safeParse({ reason: "  " }).success).toBe(false);
    expect(ZRejectOrderRequest.safeParse({ reason: "x".repeat(501) }).success).toBe(false);
    expect(ZRejectOrderRequest.parse({ reason: " Wrong amount " })).toEqual({ reason: "Wrong amount" });
  });
});
