import { randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileResponseStream, pooledReadBuffers, READ_SIZE } from './file-response-stream';

let dir: string;

/** Descriptors this process has open on the test's files (Linux). */
function openFds(): number {
  let open = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir)) open += 1;
    } catch {
      // Closed while listed (the listing's own descriptor, among others).
    }
  }
  return open;
}

interface Got {
  status: number;
  body: Buffer;
  complete: boolean;
}

function get(url: string, options: http.RequestOptions = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { agent: false, ...options }, (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('close', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(parts),
            complete: response.complete,
          }),
        );
      })
      .on('error', reject)
      .end();
  });
}

describe('FileResponseStream', () => {
  let file: string;
  let bytes: Buffer;
  let app: FastifyInstance;
  let base: string;
  /** The length the route claims (tests make it longer than the file). */
  let claimed = 0;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tv-file-answer-'));
    file = path.join(dir, 'answer.bin');
    // Not a multiple of the read size: the last read is short.
    bytes = randomBytes(5 * READ_SIZE + 12_345);
    await writeFile(file, bytes);
    app = Fastify();
    app.get('/answer', async (_request, reply) => {
      const length = claimed || bytes.length;
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', length)
        .send(new FileResponseStream(file, length));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the file byte for byte, to several clients at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${base}/answer`)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.complete).toBe(true);
      expect(answer.body.equals(bytes)).toBe(true);
    }
  });

  it('reuses the same read buffers from one answer to the next, and closes the file each time', async () => {
    // An answer gives its buffers back once its last write has called back and closes its file after, which
    // may come after the client has the bytes (CI once caught one still out on a loaded machine): each
    // answer is awaited until it has, so that the next one finds them in the pool.
    const settled = async () => {
      await expect.poll(openFds).toBe(0);
      await expect.poll(() => pooledReadBuffers().length).toBeGreaterThanOrEqual(2);
    };
    await get(`${base}/answer`);
    await settled();
    const pooled = pooledReadBuffers();
    for (let i = 0; i < 3; i++) {
      expect((await get(`${base}/answer`)).body.equals(bytes)).toBe(true);
      await settled();
    }
    // Served one after the other, the answers took their buffers from the pool and gave them back.
    await expect.poll(() => pooledReadBuffers().length).toBe(pooled.length);
    expect(pooledReadBuffers().every((buffer) => pooled.includes(buffer))).toBe(true);
  });

  it('closes the file when the client goes away halfway, and goes on serving', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/answer`, { agent: false }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    await expect.poll(openFds).toBe(0);
    expect((await get(`${base}/answer`)).body.equals(bytes)).toBe(true);
  });

  it('answers HEAD with the headers alone, and closes the file', async () => {
    const head = await get(`${base}/answer`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    await expect.poll(openFds).toBe(0);
  });

  it('serves a file removed once the answer has opened it', async () => {
    const other = path.join(dir, 'removed.bin');
    await writeFile(other, bytes);
    const stream = new FileResponseStream(other, bytes.length);
    await unlink(other);
    const server = http.createServer((_request, response) => {
      response.setHeader('content-length', bytes.length);
      stream.pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(answer.body.equals(bytes)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('cuts the answer short when the file is shorter than its length, without a half answer taken as whole', async () => {
    claimed = bytes.length + 1000;
    try {
      const answer = await get(`${base}/answer`);
      expect(answer.complete).toBe(false);
      expect(answer.body.length).toBeLessThan(claimed);
      await expect.poll(openFds).toBe(0);
    } finally {
      claimed = 0;
    }
  });

  it('reads as createReadStream does when read rather than piped, and closes its file', async () => {
    const parts: Buffer[] = [];
    for await (const part of new FileResponseStream(file, bytes.length)) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    await expect.poll(openFds).toBe(0);
    // Destroyed while a read is under way: the file is closed once that read is done, not under it.
    const halfRead = new FileResponseStream(file, bytes.length);
    await new Promise<void>((resolve) => {
      halfRead.once('data', () => {
        // By the next turn of the event loop the stream, flowing, has asked for its next read.
        setImmediate(() => {
          halfRead.destroy();
          resolve();
        });
      });
    });
    await expect.poll(openFds).toBe(0);
    const unread = new FileResponseStream(file, bytes.length);
    expect(openFds()).toBe(1);
    unread.destroy();
    await expect.poll(openFds).toBe(0);
  });
});
