export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable id (`<…@host>`): a resend after a crash is recognised as the same message. */
  messageId?: string;
  replyTo?: string;
}

/** Where mail goes: SMTP in production, the sandbox mailbox otherwise. */
export interface Mailer {
  readonly kind: 'smtp' | 'sandbox';
  send(message: MailMessage): Promise<void>;
}
