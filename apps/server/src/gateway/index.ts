export type {
  GatewayInbound,
  GatewayLateAccept,
  GatewayListener,
  GatewayOutcome,
  GatewayPart,
  GatewayReceipt,
  GatewaySubmit,
  OutgoingSms,
  SmsGateway,
} from "./sms-gateway.ts";
