/** The admin account seeded into every test database. */
export const TEST_ADMIN = { email: "admin@test.local", password: "admin-pass-123" };
