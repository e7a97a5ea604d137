import type { FastifyReply } from 'fastify';

interface Flight<T> {
  running: Promise<T>;
  /** False until the load begins: whoever asks before then shares it. */
  started: boolean;
  /** The run that starts when `running` ends, shared by everyone who asked meanwhile. */
  next?: Promise<T>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Identical reads asked at the same moment share their work. A run begins one turn of the event
 * loop after it is first asked for, so every request read from the network in that turn shares it
 * (on PGlite, whose queries run synchronously, requests would otherwise never overlap). A read asked
 * once the run has begun does not join it (it may have started before a write the caller has just
 * seen complete): it shares the next run with everyone else who asked meanwhile. So every caller
 * gets an answer computed after it asked, and any number of callers at once costs at most two runs.
 * `key` must name everything the answer depends on; the caller checks who may read it first; the
 * answer is shared, so nobody may change it. One instance per route, so per app (docs/decisions/033).
 */
export function sharedReads(): <T>(key: string, load: () => Promise<T>) => Promise<T> {
  const flights = new Map<string, Flight<unknown>>();

  function start<T>(key: string, load: () => Promise<T>): Promise<T> {
    const flight = { started: false } as Flight<T>;
    flight.running = (async () => {
      try {
        await nextTurn();
        flight.started = true;
        return await load();
      } finally {
        if (flights.get(key) === flight && !flight.next) flights.delete(key);
      }
    })();
    flights.set(key, flight);
    return flight.running;
  }

  // One instance serves one route, whose loads all answer the same type: the casts only restore it.
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const flight = flights.get(key) as Flight<T> | undefined;
    if (!flight) return start(key, load);
    if (!flight.started) return flight.running;
    flight.next ??= flight.running.then(
      () => start(key, load),
      () => start(key, load),
    );
    return flight.next;
  };
}

/**
 * sharedReads for a route's JSON reply: the answer is serialised and encoded once per run, not once
 * for each of the requests sharing it (docs/decisions/035).
 */
export function sharedJsonReplies(): (
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
) => Promise<FastifyReply> {
  const reads = sharedReads();
  return async (reply, key, load) => {
    const body = await reads(key, async () => Buffer.from(JSON.stringify(await load())));
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
