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

/** The list contract lives in lists.ts; these names stay importable from here. */
export {
  listResponse,
  type TListQuery,
  type TPageInformation,
  ZListQuery,
  ZPageInformation,
} from "./lists.ts";
