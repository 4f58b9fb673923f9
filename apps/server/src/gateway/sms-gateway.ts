export interface OutgoingSms {
  /** Recipient in the 66 form. */
  to: string;
  sender: string;
  text: string;
}

export interface SmsGateway {
  send(sms: OutgoingSms): Promise<{ messageId: string }>;
}
