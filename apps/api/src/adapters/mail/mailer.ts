import type { FastifyBaseLogger } from 'fastify';

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
