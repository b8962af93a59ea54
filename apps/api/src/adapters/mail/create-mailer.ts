import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Clock } from '../../lib/clock';
import type { Mailer } from './mailer';

/** Only the implementation in use is loaded (the outbox's loads nodemailer with its first message). */
export async function createMailer(config: Config, log: FastifyBaseLogger, clock: Clock): Promise<Mailer> {
  if (config.mail.smtpUrl === undefined) {
    const { OutboxMailer } = await import('./outbox-mailer');
    return new OutboxMailer(config.dataDir, config.mail.from, log, clock);
  }
  const { SmtpMailer } = await import('./smtp-mailer');
  return new SmtpMailer(config.mail.smtpUrl, config.mail.from);
}
