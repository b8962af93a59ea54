import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DataVersion } from './data-version';

/** The PostgreSQL channel on which replicas tell each other that public data changed. */
export const DATA_VERSION_CHANNEL = 'tv_data_version';
const RECONNECT_MS = 1_000;

/**
 * Shares the data version between replicas on one PostgreSQL (LISTEN/NOTIFY): a committed write bumps the
 * local version and notifies the others, which bump theirs, so every replica's caches of pages and public
 * answers are dropped after a write made on any of them. A replica that lost its listening connection
 * (database restart) bumps once when it is back, since it may have missed a notification.
 * Answers a function that stops listening.
 */
export async function shareDataVersion(
  dataVersion: DataVersion,
  connectionString: string,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const instance = randomUUID();
  let applyingRemote = false;
  let closed = false;
  let listener: pg.Client | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const notifier = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: 5_000 });
  notifier.on('error', () => {});

  const applyRemote = () => {
    applyingRemote = true;
    try {
      dataVersion.bump();
    } finally {
      applyingRemote = false;
    }
  };

  const connect = async (isReconnect: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString });
    const retry = () => {
      if (closed || listener !== client) return;
      listener = undefined;
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      reconnectTimer = setTimeout(() => void connect(true), RECONNECT_MS);
    };
    listener = client;
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      if (message.channel === DATA_VERSION_CHANNEL && message.payload !== instance) applyRemote();
    });
    try {
      await client.connect();
      await client.query(`listen ${DATA_VERSION_CHANNEL}`);
      if (isReconnect) {
        log.info('data version: listening again, caches dropped');
        applyRemote();
      }
    } catch (error) {
      if (isReconnect) log.warn({ err: error }, 'data version: cannot listen yet, retrying');
      else log.warn({ err: error }, 'data version: cannot listen, retrying');
      retry();
    }
  };
  await connect(false);

  const stopPublishing = dataVersion.onChange(() => {
    if (applyingRemote || closed) return;
    notifier.query('select pg_notify($1, $2)', [DATA_VERSION_CHANNEL, instance]).catch((error: unknown) => {
      // The others' caches also expire on their own (pages after a minute); the write itself is done.
      log.warn({ err: error }, 'data version: could not notify the other replicas');
    });
  });

  return async () => {
    closed = true;
    stopPublishing();
    clearTimeout(reconnectTimer);
    const client = listener;
    listener = undefined;
    await client?.end().catch(() => {});
    await notifier.end().catch(() => {});
  };
}
