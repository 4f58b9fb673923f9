import { type Db, schema } from "@sms/db";
import {
  type Locale,
  SENDER_DOCUMENT_KINDS,
  type SenderDocumentKind,
  type TAdminSender,
  type TSender,
  type TSenderEvidenceFile,
  type UploadKind,
} from "@sms/domain";
import { asc, eq, inArray } from "drizzle-orm";
import { presentAdminSender, presentSender, type SenderRow } from "./present-sender.ts";

const documentKind = (kind: string | null): SenderDocumentKind | null =>
  (SENDER_DOCUMENT_KINDS as readonly string[]).includes(kind ?? "") ? (kind as SenderDocumentKind) : null;

/** The evidence documents of a page of senders, each with its kind, in the order the customer listed them, in one query. */
async function evidenceOf(db: Db, senderIds: number[]): Promise<Map<number, TSenderEvidenceFile[]>> {
  const bySender = new Map<number, TSenderEvidenceFile[]>();
  if (senderIds.length === 0) return bySender;
  const rows = await db
    .select({
      senderId: schema.senderEvidenceFiles.senderId,
      kind: schema.senderEvidenceFiles.kind,
      file: schema.files,
    })
    .from(schema.senderEvidenceFiles)
    .innerJoin(schema.files, eq(schema.files.id, schema.senderEvidenceFiles.fileId))
    .where(inArray(schema.senderEvidenceFiles.senderId, senderIds))
    .orderBy(asc(schema.senderEvidenceFiles.position), asc(schema.files.createdAt), asc(schema.files.id));
  for (const { senderId, kind, file } of rows) {
    const list = bySender.get(senderId) ?? [];
    list.push({
      id: file.id,
      kind: file.kind as UploadKind,
      mime: file.mime,
      size: file.sizeBytes,
      original_name: file.originalName,
      created_at: file.createdAt.toISOString(),
      evidence_kind: documentKind(kind),
    });
    bySender.set(senderId, list);
  }
  return bySender;
}

/** Senders as their organization reads them, with their evidence (one lookup a page). */
export async function withEvidence(db: Db, rows: SenderRow[], locale: Locale): Promise<TSender[]> {
  const evidence = await evidenceOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentSender(row, evidence.get(row.id) ?? [], locale));
}

/** Senders for staff: the evidence, each one's organization name and requester (three lookups a page). */
export async function withAdminExtras(db: Db, rows: SenderRow[], locale: Locale): Promise<TAdminSender[]> {
  if (rows.length === 0) return [];
  const orgIds = [...new Set(rows.flatMap((r) => (r.organizationId === null ? [] : [r.organizationId])))];
  const userIds = [...new Set(rows.flatMap((r) => (r.requestedBy === null ? [] : [r.requestedBy])))];
  const [evidence, orgs, users] = await Promise.all([
    evidenceOf(
      db,
      rows.map((r) => r.id),
    ),
    orgIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: schema.organizations.id, name: schema.organizations.name })
          .from(schema.organizations)
          .where(inArray(schema.organizations.id, orgIds)),
    userIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            id: schema.users.id,
            email: schema.users.email,
            firstName: schema.users.firstName,
            lastName: schema.users.lastName,
          })
          .from(schema.users)
          .where(inArray(schema.users.id, userIds)),
  ]);
  const orgName = new Map(orgs.map((o) => [o.id, o.name]));
  const user = new Map(users.map((u) => [u.id, u]));
  return rows.map((row) => {
    const requester = row.requestedBy === null ? undefined : user.get(row.requestedBy);
    return presentAdminSender(
      row,
      {
        evidenceFiles: evidence.get(row.id) ?? [],
        organizationName: row.organizationId === null ? null : (orgName.get(row.organizationId) ?? null),
        requestedByEmail: requester?.email ?? null,
        requestedByName: requester ? `${requester.firstName} ${requester.lastName}`.trim() : null,
      },
      locale,
    );
  });
}
