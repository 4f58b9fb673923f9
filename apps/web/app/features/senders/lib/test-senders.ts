import type { TAdminSender, TSender } from "@sms/domain/contracts/senders";

/** A pending request with one PDF as evidence, as the API answers it. */
export const pendingSender = (id: number, patch: Partial<TSender> = {}): TSender => ({
  id,
  name: `Shop${id}`,
  company_name: "Sender Co., Ltd.",
  type: "marketing",
  account_type: "juristic",
  evidence_type: "company_registration",
  evidence_url: null,
  evidence_files: [
    {
      id: "5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f",
      kind: "sender_evidence",
      mime: "application/pdf",
      size: 2_621_440,
      original_name: "company.pdf",
      created_at: "2026-11-20T03:00:00.000Z",
    },
  ],
  example_message: "Sale 20% today",
  status: "pending",
  decision_reason: null,
  decided_at: null,
  last_used_at: null,
  shared: false,
  created_at: "2026-11-20T03:00:00.000Z",
  ...patch,
});

/** The same request as staff see it. */
export const adminSender = (id: number, patch: Partial<TAdminSender> = {}): TAdminSender => ({
  ...pendingSender(id),
  organization_id: 3,
  organization_name: "Sender Co",
  requested_by_email: "somchai@example.com",
  requested_by_name: "Somchai Jaidee",
  decided_by: null,
  ...patch,
});
