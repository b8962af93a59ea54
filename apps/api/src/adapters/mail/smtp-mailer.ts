import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

const TIMEOUTS = { connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' };

export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;

  constructor(
    smtpUrl: string,
    readonly from: string,
  ) {
    // A slow or silent server must not hold a request for minutes.
    // (query parameters of the URL are transport options; the URL's own win)
    const url = new URL(smtpUrl);
    for (const [name, value] of Object.entries(TIMEOUTS)) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, value);
    }
    this.#transport = nodemailer.createTransport(url.toString());
  }

  async send(message: MailMessage): Promise<void> {
    await this.#transport.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.#transport.close();
  }
}
