/** Issue 14 points 1–2: the public API's keys (shown once, refreshed after a confirmation) and the IP whitelist. */
export { SmsApiSettings } from "./components/sms-api-settings";
