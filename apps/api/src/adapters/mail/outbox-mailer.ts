import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Embedded mode: each message becomes an `.eml` file (opens in any mail client) and a log line. */
export class OutboxMailer implements Mailer {
  readonly #transport: Transporter;
  readonly dir: string;

  constructor(
    dataDir: string,
    readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.dir = path.join(dataDir, 'outbox');
    this.#transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage): Promise<void> {
    const info = await this.#transport.sendMail({ from: this.from, ...message });
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
  }

  async close(): Promise<void> {}
}
