/** The report of the public API's OTP codes (issue 14 point 3). The only door into this module. */
export { apiOtpReportsRoutes } from "./routes.ts";
