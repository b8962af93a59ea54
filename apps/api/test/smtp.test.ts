import net from 'node:net';
import { expect, it } from 'vitest';
import { startSmtp } from './smtp';

it('the test SMTP server outlives a sender killed in the middle of a message', async () => {
  // The reliability tests SIGKILL a server while it sends mail: its connection is reset mid-transaction,
  // which smtp-server emits on the server (stop 64's CI: an unhandled « read ECONNRESET » failed the run).
  const smtp = await startSmtp();
  const port = Number(new URL(smtp.url).port);
  const steps = [
    'EHLO exemple.fr\r\n',
    'MAIL FROM:<a@exemple.fr>\r\n',
    'RCPT TO:<b@exemple.fr>\r\n',
    'DATA\r\n',
  ];
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', reject);
    socket.on('data', (reply) => {
      const next = steps.shift();
      if (next !== undefined) return void socket.write(next);
      expect(String(reply)).toMatch(/^354/);
      socket.write('Subject: coupé\r\n\r\nLa suite ne vient pas');
      setTimeout(() => {
        socket.resetAndDestroy();
        setTimeout(resolve, 300);
      }, 100);
    });
  });
  expect(smtp.messages).toEqual([]);
  await smtp.close();
});
