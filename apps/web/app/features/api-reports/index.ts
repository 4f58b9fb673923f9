/**
 * Issue 14 point 6: the public API's reports: the API and OTP messages, one API message with its
 * delivery webhooks (attempt log, resend), and the OTP requests with their detail.
 */
export { ApiMessageDetail } from "./components/api-message-detail";
export { ApiMessagesTable } from "./components/api-messages-table";
export { OtpRequestDetail } from "./components/otp-request-detail";
export { OtpRequestsTable } from "./components/otp-requests-table";
export { ReportHeader } from "./components/report-header";
