import { schema } from "@sms/db";
import {
  CAMPAIGN_NAME_MAX_LENGTH,
  firstRunFrom,
  type Locale,
  SCHEDULE_PAST_SLACK_MS,
  scheduleTimingProblem,
  type TCreateScheduleBody,
  ZScheduleFileFields,
} from "@sms/domain";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import { parseMultipartFields } from "../../platform/multipart-fields.ts";
import { deleteUploadRow, receiveUpload } from "../../platform/upload.ts";
import type { ObjectStorage } from "../../storage/index.ts";
import {
  type CampaignFile,
  planContactSend,
  previewFileCampaign,
  type SendActor,
  type SendDeps,
} from "../sending/index.ts";
import type { ScheduleRow } from "./present.ts";

/** What creating and firing schedules need: the send deps, and the storage a file schedule's upload is kept in. */
export interface ScheduleDeps extends SendDeps {
  storage: ObjectStorage;
}

export interface ScheduleWhen {
  runAt: Date;
  cron?: string | undefined;
  endsAt?: Date | undefined;
}

interface CheckedWhen {
  runAt: Date;
  cron: string | null;
  endsAt: Date | null;
  /** The first occurrence: next_run_at. */
  firstRun: Date;
}

/**
 * The schedule's times at `now` (scheduleTimingProblem: future, within a year, a recurring send's
 * end after its start with an occurrence between), refused with the field's translated message.
 */
export function checkWhen(when: ScheduleWhen, now: Date): CheckedWhen {
  const cron = when.cron ?? null;
  const problem = scheduleTimingProblem({ runAt: when.runAt, cron, endsAt: when.endsAt ?? null }, now);
  if (problem) {
    throw new AppError("VALIDATION", {
      messageKey: problem.key,
      details: [{ path: problem.path, message: problem.key }],
    });
  }
  if (cron === null) return { runAt: when.runAt, cron: null, endsAt: null, firstRun: when.runAt };
  const endsAt = when.endsAt ?? null;
  const start = new Date(Math.max(when.runAt.getTime(), now.getTime() - SCHEDULE_PAST_SLACK_MS));
  const firstRun = firstRunFrom(cron, start, endsAt ?? undefined);
  if (!firstRun) throw new Error("scheduleTimingProblem found an occurrence");
  return { runAt: when.runAt, cron, endsAt, firstRun };
}

/** The actor's member row (member credit usage; a schedule whose member left stops sending). */
async function memberIdOf(deps: SendDeps, actor: SendActor): Promise<number | null> {
  if (actor.userId === null) return null;
  const m = schema.members;
  const [row] = await deps.db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.organizationId, actor.organizationId), eq(m.userId, actor.userId)));
  return row?.id ?? null;
}

const clock = (deps: SendDeps) => (deps.now ?? (() => new Date()))();

/**
 * POST /c/schedules/campaigns: the campaign is checked now exactly as POST /c/campaigns checks it
 * (typed numbers ≤ 1,000, the groups are the organization's, template on, sender approved and fit
 * for the purpose; debt-collection hours at the first send time), then stored to be sent at each
 * occurrence. Nothing is charged until then.
 */
export async function createContactSchedule(
  deps: SendDeps,
  actor: SendActor,
  body: TCreateScheduleBody,
): Promise<ScheduleRow> {
  const when = checkWhen({ runAt: body.run_at, cron: body.cron, endsAt: body.ends_at }, clock(deps));
  const plan = await planContactSend({ ...deps, now: () => when.firstRun }, actor, {
    sender: body.sender,
    purpose: body.purpose,
    groupIds: body.group_ids,
    manualContacts: body.manual_contacts,
    templateId: body.template_id,
    message: body.message,
    trackLinks: body.track_links,
    optOutLink: body.opt_out_link,
  });
  const sender = plan.resolved.sender;
  if (!sender) throw new Error("a schedule names its sender (checked by the contract)");
  const [row] = await deps.db
    .insert(schema.campaignSchedules)
    .values({
      organizationId: actor.organizationId,
      memberId: await memberIdOf(deps, actor),
      userId: actor.userId,
      kind: "campaign",
      purpose: body.purpose,
      name: body.name,
      senderName: sender.name,
      templateId: plan.resolved.templateId,
      text: plan.resolved.text,
      groupIds: [...plan.recipients.groupIds],
      manualNumbers: [...plan.recipients.manual],
      trackLinks: body.track_links,
      optOutLink: body.opt_out_link,
      cron: when.cron,
      runAt: when.runAt,
      endsAt: when.endsAt,
      nextRunAt: when.firstRun,
    })
    .returning();
  if (!row) throw new Error("campaign_schedules insert returned no row");
  return row;
}

/** A stored upload as the campaigns module reads it. */
export function campaignFileOf(
  storage: ObjectStorage,
  file: { storageKey: string; extension: string; originalName: string },
): CampaignFile {
  return {
    type: file.extension === "xlsx" ? "xlsx" : "csv",
    name: file.originalName,
    open: async () => {
      const stream = await storage.get(file.storageKey);
      if (!stream) {
        throw new AppError("VALIDATION", {
          messageKey: "campaigns.file.unreadable",
          details: [{ path: "file", message: "campaigns.file.unreadable" }],
        });
      }
      return stream;
    },
  };
}

/**
 * POST /c/schedules/campaigns/import: the upload (the one upload mechanism, kind file_campaign),
 * the fields, the times, then the file read and checked exactly as `?dry_run=true` reads it, so a
 * bad file or a tag it lacks is refused now with the same messages. The upload is kept (files row
 * and storage object) until the schedule is completed or cancelled; a refused schedule removes it.
 */
export async function createFileSchedule(
  request: FastifyRequest,
  deps: ScheduleDeps,
  locale: Locale,
): Promise<ScheduleRow> {
  const { scope, userId, organizationId } = request.tenant;
  const actor: SendActor = { organizationId, userId };
  const { file, fields } = await receiveUpload(request, "file_campaign");
  try {
    const input = parseMultipartFields(ZScheduleFileFields, fields);
    const when = checkWhen({ runAt: input.run_at, cron: input.cron, endsAt: input.ends_at }, clock(deps));
    const send = {
      name: input.name,
      sender: input.sender,
      purpose: input.purpose,
      templateId: input.template_id,
      message: input.message,
      phoneColumn: input.phone_column,
      trackLinks: input.track_links,
      optOutLink: input.opt_out_link,
    };
    // The dry run's reader and checks; its answer (counts, credits) is not kept: the file is read again at each send.
    const preview = await previewFileCampaign(
      { ...deps, now: () => when.firstRun },
      actor,
      send,
      campaignFileOf(deps.storage, file),
      locale,
    );
    // The acceptance would refuse it at every send: say so now.
    if (preview.recipients === 0)
      throw new AppError("UNPROCESSABLE", { messageKey: "campaigns.no_recipients" });
    const sender = input.sender;
    const [row] = await scope.db
      .insert(schema.campaignSchedules)
      .values(
        scope.stamp({
          memberId: await memberIdOf(deps, actor),
          userId,
          kind: "file" as const,
          purpose: input.purpose,
          name: input.name ?? Array.from(file.originalName).slice(0, CAMPAIGN_NAME_MAX_LENGTH).join(""),
          senderName: sender,
          templateId: input.template_id ?? null,
          text: input.message ?? (await templateText(deps, actor, input.template_id)),
          fileId: file.id,
          fileName: file.originalName,
          phoneColumn: input.phone_column ?? null,
          trackLinks: input.track_links,
          optOutLink: input.opt_out_link,
          cron: when.cron,
          runAt: when.runAt,
          endsAt: when.endsAt,
          nextRunAt: when.firstRun,
        }),
      )
      .returning();
    if (!row) throw new Error("campaign_schedules insert returned no row");
    return row;
  } catch (error) {
    await removeUpload(deps, organizationId, file.id, request.log);
    throw error;
  }
}

/** The template's text, for a file schedule that names a template and no message (the preview checked it is on). */
async function templateText(
  deps: SendDeps,
  actor: SendActor,
  templateId: number | undefined,
): Promise<string> {
  if (templateId === undefined)
    throw new Error("a schedule needs a message or a template (checked by the contract)");
  const t = schema.smsTemplates;
  const [row] = await deps.db
    .select({ message: t.message })
    .from(t)
    .where(and(eq(t.id, templateId), eq(t.organizationId, actor.organizationId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row.message;
}

interface Logger {
  error: (obj: object, msg: string) => void;
}

/** Removes a file schedule's upload: its files row, then its storage object (a failure is logged, never thrown). */
export async function removeUpload(
  deps: Pick<ScheduleDeps, "db" | "storage">,
  organizationId: number,
  fileId: string,
  log: Logger,
): Promise<void> {
  const storageKey = await deleteUploadRow(deps.db, organizationId, fileId);
  if (storageKey === null) return;
  await deps.storage.delete(storageKey).catch((err: unknown) => {
    log.error({ err, storageKey }, "could not remove a scheduled campaign's upload");
  });
}
