export { storeDevMail } from "./dev-mail.ts";
export type {
  GatewayInbound,
  GatewayLateAccept,
  GatewayListener,
  GatewayOutcome,
  GatewayReceipt,
  GatewaySubmit,
  SmsGateway,
} from "./sms-gateway.ts";
