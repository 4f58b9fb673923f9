export type { OutgoingSms, SmsGateway } from "./sms-gateway.ts";
