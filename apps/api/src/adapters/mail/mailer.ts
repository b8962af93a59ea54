import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One interface, two implementations: SMTP in production, `.eml` files in `DATA_DIR/outbox` otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Only the implementation in use is loaded (the outbox's loads nodemailer with its first message). */
export async function createMailer(config: Config, log: FastifyBaseLogger): Promise<Mailer> {
  if (config.mail.smtpUrl === undefined) {
    const { OutboxMailer } = await import('./outbox-mailer');
    return new OutboxMailer(config.dataDir, config.mail.from, log);
  }
  const { SmtpMailer } = await import('./smtp-mailer');
  return new SmtpMailer(config.mail.smtpUrl, config.mail.from);
}

/**
 * Sends and logs a failure instead of throwing: an account just created must not be lost because the
 * mail server is down; the owner can ask for the mail again.
 */
export async function sendLoggingFailures(
  mailer: Mailer,
  message: MailMessage,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    log.error({ err: error, subject: message.subject }, 'mail sending failed');
    return false;
  }
}
