/** TanStack Query keys of the API reports feature. */
export const API_REPORTS_KEY = ["api-reports"] as const;
export const apiMessagesListKey = (type: "api" | "otp") => [...API_REPORTS_KEY, "messages", type] as const;
export const apiMessageKey = (id: number) => [...API_REPORTS_KEY, "api-message", id] as const;
export const webhookDeliveriesKey = (messageId: number) =>
  [...API_REPORTS_KEY, "webhook-deliveries", messageId] as const;
export const OTP_REQUESTS_LIST_KEY = [...API_REPORTS_KEY, "otp-requests"] as const;
export const otpRequestKey = (id: number) => [...API_REPORTS_KEY, "otp-request", id] as const;
