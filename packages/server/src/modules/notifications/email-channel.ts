import type { Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { redactUrlCredentials } from '../../platform/crypto/url-credentials.js';
import { DeliveryFailure } from './delivery-failure.js';
import type { NotificationAttachment } from './notification-content.js';

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: NotificationAttachment[];
  /** One-click unsubscribe (RFC 8058) for this recipient. */
  unsubscribeUrl: string;
}

// Mails sent at once over one process's pool (the server may limit connections per client).
const smtpConnections = 5;

/** What SMTP failures look like from nodemailer: a reply code when the server answered. */
interface SmtpError extends Error {
  responseCode?: number;
}

/**
 * E-mail over SMTP (`PLATFORM_SMTP_URL`, `PLATFORM_SMTP_FROM`) through one pooled nodemailer transport.
 * A 5xx reply is final (the server refused the message or the address); a 4xx reply, a refused or lost
 * connection may be retried. The URL's credentials are never logged or recorded.
 */
export class EmailChannel {
  private transport: Transporter | null = null;
  private isClosed = false;

  constructor(private readonly settings: { smtpUrl: string | null; smtpFrom: string }) {}

  async send(message: EmailMessage): Promise<void> {
    // Not a recipient's failure: the module closes before the jobs have stopped, and the job is run again.
    if (this.isClosed) throw new Error('the process is stopping: e-mail is closed');
    const transport = this.transportOf();
    try {
      await transport.sendMail({
        from: this.settings.smtpFrom,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
        })),
        list: { unsubscribe: { url: message.unsubscribeUrl, comment: 'Unsubscribe' } },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (error) {
      const smtpError = error as SmtpError;
      const reason = redactUrlCredentials(smtpError.message ?? String(error));
      const isFinal = smtpError.responseCode !== undefined && smtpError.responseCode >= 500;
      throw new DeliveryFailure(`the mail to ${message.to} was not sent: ${reason}`, !isFinal);
    }
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.transport?.close();
    this.transport = null;
  }

  private transportOf(): Transporter {
    if (!this.settings.smtpUrl) {
      throw new DeliveryFailure(
        'e-mail is not configured: set PLATFORM_SMTP_URL (and PLATFORM_SMTP_FROM)',
        false,
      );
    }
    if (!this.transport) {
      // smtps:// is TLS from the start; smtp:// upgrades with STARTTLS when the server offers it.
      this.transport = nodemailer.createTransport({
        url: this.settings.smtpUrl,
        pool: true,
        maxConnections: smtpConnections,
      } as SMTPPool.Options);
    }
    return this.transport;
  }
}
