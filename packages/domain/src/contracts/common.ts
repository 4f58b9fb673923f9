import { z } from "zod";

/** Every error answer of /api/v1 (DESIGN §5.3). */
export const ZErrorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/** Spec §3: pagination; `limit` is the pager window (default 5). */
export const ZPageInformation = z.object({
  page: z.number().int(),
  total_pages: z.number().int(),
  size: z.number().int(),
  total_item: z.number().int(),
  limit: z.number().int(),
});
export type TPageInformation = z.infer<typeof ZPageInformation>;

export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sort: z.string().max(40).optional(),
  reverse: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  search: z.string().max(100).optional(),
});
export type TListQuery = z.infer<typeof ZListQuery>;

export function listResponse<T extends z.ZodType>(entity: T) {
  return z.object({ data: z.object({ entities: z.array(entity), page_information: ZPageInformation }) });
}
