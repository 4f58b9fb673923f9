import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "@sms/domain/routes";

export default {
  appDirectory: "app",
  ssr: false,
  // Marketing pages are static HTML in both locales; everything else hydrates from the SPA fallback.
  prerender: prerenderPaths(),
} satisfies Config;
