import pg from 'pg';
import { serverUrlOf, type Database } from './client';

/** The first wait before connecting again after a lost or refused connection; it doubles up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

export interface ListenOptions {
  channel: string;
  /** A notification on the channel arrived (its payload). */
  onNotification: (payload: string | undefined) => void;
  /**
   * The connection is listening: the first time and after every reconnection. Whatever was sent while
   * no connection listened is lost, so this is where the listener catches up.
   */
  onConnect: () => void;
  log: { warn(details: object, message: string): void };
}

export interface Listener {
  /** Settles once the first connection attempt has succeeded or failed (failures keep retrying). */
  ready: Promise<void>;
  /** Stops listening and retrying and closes the connection. */
  stop(): Promise<void>;
}

/**
 * LISTEN on a PostgreSQL channel over a connection of its own: a pooled connection would be handed to
 * other queries and its LISTEN lost when the pool closes it. A lost connection (the server restarted,
 * an administrator ended it) is replaced after 100 ms, doubling up to 5 s while the server refuses;
 * `onConnect` runs each time it listens again. Null on PGlite, which no other process can write to.
 */
export function listen(db: Database, { channel, onNotification, onConnect, log }: ListenOptions): Listener | null {
  const url = serverUrlOf(db);
  if (url === null) return null;
  const connectionString: string = url;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;

  const retryLater = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  };

  async function connect() {
    const next = new pg.Client({ connectionString, keepAlive: true, application_name: `quickbuy listen ${channel}` });
    // An error on this connection also ends it ('end' below); without a handler it would end the process.
    next.on('error', (error) => log.warn({ err: error, channel }, 'LISTEN connection failed'));
    next.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload);
    });
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      log.warn({ channel }, 'LISTEN connection lost: connecting again');
      retryLater();
    });
    try {
      await next.connect();
      await next.query(`listen ${next.escapeIdentifier(channel)}`);
    } catch (error) {
      log.warn({ err: error, channel, retryInMs: delay }, 'LISTEN connection refused: trying again');
      await next.end().catch(() => undefined);
      retryLater();
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = FIRST_RETRY_MS;
    onConnect();
  }

  return {
    ready: connect(),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
