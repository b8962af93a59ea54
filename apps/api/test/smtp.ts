import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  raw: ParsedMail;
}

/** A real SMTP server on a free local port: the app sends through nodemailer, tests read what arrived. */
export interface TestSmtp {
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or to come) to `to` matching `predicate`. */
  waitFor(to: string, predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Makes the server refuse every message (a mail outage). */
  refuse: boolean;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const state = { refuse: false };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (state.refuse) {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          messages.push({
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            raw: parsed,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A sender killed in the middle of a message (the reliability tests' SIGKILL) resets its connection:
  // smtp-server emits that on the server, where an unheard 'error' would end the test run.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('test SMTP server:', error);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    waitFor(to, predicate = () => true, timeoutMs = 5_000) {
      const find = () => messages.find((m) => m.to === to.toLowerCase() && predicate(m));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found !== undefined) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = find();
          if (mail === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
