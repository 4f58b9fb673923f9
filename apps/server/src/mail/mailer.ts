export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Resolves once the message is handed over (SMTP accepted it, or the dev mailbox stored it). */
  send(mail: MailMessage): Promise<{ messageId: string }>;
}
