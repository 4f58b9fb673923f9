import type { ServerModule } from "../../platform/module.ts";
import { welcomeMailJob } from "./jobs.ts";
import type { FirstOrganization } from "./register.ts";
import { authRoutes } from "./routes.ts";

/** Registration, sign-in, sessions and the lockout. The only door into this module. */
export { editRegistration } from "./edit-registration.ts";
export { welcomeMailJob } from "./jobs.ts";
export { clearLockout, lockAccount, overLimit, recordFailure } from "./lockout.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export { isAddressTaken, sendDecoyCode } from "./register.ts";
export { revokeSession, revokeUserSessions } from "./sessions.ts";
export { recordTncAcceptance } from "./tnc-acceptances.ts";
export { revokeUserDevices } from "./trusted-devices.ts";
export {
  moveOffOrganization,
  renameUser,
  setDefaultOrganization,
  setPasswordHash,
  setVerifiedContact,
} from "./user-writes.ts";

/**
 * This module as the app registers it (platform/module.ts); modules/index.ts lists it, with the
 * organizations module's createOrganization for a new account's first organization (ADR 87).
 */
export const authModule = (accounts: { firstOrganization: FirstOrganization }): ServerModule => ({
  routes: authRoutes(accounts.firstOrganization),
  jobs: [welcomeMailJob],
});
