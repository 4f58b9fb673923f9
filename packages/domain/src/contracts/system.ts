import { z } from "zod";

export const ZConfigurationResponse = z.object({
  data: z.object({
    tnc_version: z.string(),
    /** What changed in this terms version, for the re-acceptance dialog (review D69); null if nothing said. */
    tnc_change_note: z.string().nullable(),
    /** True outside production, where /dev/inbox lists the codes the system "sent". */
    dev_inbox: z.boolean(),
  }),
});
export type TConfigurationResponse = z.infer<typeof ZConfigurationResponse>;

export const ZHealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["ok", "down"]),
  version: z.string(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export { PRODUCT_VERSION } from "../version.ts";
