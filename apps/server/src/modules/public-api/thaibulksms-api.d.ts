/** The published ThaiBulkSMS client has no types: the part the round-trip test uses. */
declare module "thaibulksms-api" {
  interface SmsClient {
    sendSMS(body: Record<string, unknown>): Promise<unknown>;
  }
  const client: { sms(options: { apiKey: string; apiSecret: string; api?: string }): SmsClient };
  export default client;
}
