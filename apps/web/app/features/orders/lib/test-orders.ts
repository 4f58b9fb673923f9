import type { TAdminOrder, TOrder } from "@sms/domain/contracts/orders";

/** A waiting individual order of the Starter package (799 baht + VAT), as the API answers it. */
export const waitingOrder: TOrder = {
  id: 1,
  created_at: "2026-11-20T03:00:00.000Z",
  package_id: 1,
  package_name: "Starter",
  months: 1,
  credits: 1500,
  price: 854.93,
  sub_total_satang: 79_900,
  vat_satang: 5_593,
  withholding_tax_satang: 0,
  total_satang: 85_493,
  is_trial: false,
  buyer_type: "individual",
  buyer_name: "Somchai",
  buyer_tax_id: null,
  buyer_branch: null,
  buyer_address: null,
  status: "waiting",
  status_label: "checking",
  reject_reason: null,
  proof_file_id: "5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f",
  wht_certificate_file_id: null,
  document_number: null,
  decided_at: null,
};

/** The same order as staff see it, with its organization and buyer. */
export const adminOrder = (id: number, patch: Partial<TAdminOrder> = {}): TAdminOrder => ({
  ...waitingOrder,
  id,
  organization_id: 3,
  organization_name: "Buyer Co",
  user_email: "somchai@example.com",
  decided_by: null,
  same_proof_orders: [],
  ...patch,
});
