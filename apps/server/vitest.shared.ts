/**
 * Test files that replace a module with vi.mock need a module graph of their own (vitest's default
 * isolation, vitest.isolated.config.ts). Every other server file shares its worker's module graph
 * (vitest.config.ts, isolate: false): the app's modules are imported once per worker instead of
 * once per file (about 5.5 s each). Each file still gets its own database and app
 * (src/test/test-app.ts) and restores whatever it stubs.
 */
export const MOCKS_MODULES = ["src/modules/auth/passwords.test.ts"];

export const serverTest = {
  environment: "node",
  globalSetup: ["src/test/global-setup.ts"],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;
