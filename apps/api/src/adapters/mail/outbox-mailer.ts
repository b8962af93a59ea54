import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { realClock, type Clock } from '../../lib/clock';
import type { Mailer, MailMessage } from './mailer';

/** Embedded mode: each message becomes an `.eml` file (opens in any mail client) and a log line. */
export class OutboxMailer implements Mailer {
  #transport: Promise<Transporter> | null = null;
  readonly dir: string;

  constructor(
    dataDir: string,
    readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock = realClock,
  ) {
    this.dir = path.join(dataDir, 'outbox');
  }

  /** nodemailer is loaded by the first message: most servers in embedded mode never send one. */
  #transporter(): Promise<Transporter> {
    this.#transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return this.#transport;
  }

  async send(message: MailMessage): Promise<void> {
    const now = this.clock();
    const info = await (await this.#transporter()).sendMail({ from: this.from, date: now, ...message });
    await mkdir(this.dir, { recursive: true });
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
  }

  async close(): Promise<void> {}
}
