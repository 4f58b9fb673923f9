import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rolldownOptions: {
      treeshake: {
        // Zod schema builders are pure: a page keeps only the contracts it uses. The domain package
        // has no import-for-effect modules (its dayjs set-up runs where its helpers are used), so a
        // page that uses nothing from a module (the report filters on the sign-in pages) skips it.
        manualPureFunctions: ["z"],
        moduleSideEffects: (id: string) => !id.includes("/packages/domain/"),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${process.env.API_PORT ?? "3000"}` } },
  },
});
