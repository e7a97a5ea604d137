interface Flight<T> {
  running: Promise<T>;
  /** The run that starts when `running` ends, shared by everyone who asked meanwhile. */
  next?: Promise<T>;
}

/**
 * Identical reads asked at the same moment share their work. A read asked while the same read runs
 * does not join that run (it may have started before a write the caller has just seen complete):
 * it waits for it to end and shares the next run with everyone else who asked meanwhile. So every
 * caller gets an answer computed after it asked, and any number of callers at once costs at most
 * two runs. `key` must name everything the answer depends on (the list and its parsed query); the
 * caller checks who may read it first. One instance per route, so per app (docs/decisions/033).
 */
export function sharedReads(): <T>(key: string, load: () => Promise<T>) => Promise<T> {
  const flights = new Map<string, Flight<unknown>>();

  function start<T>(key: string, load: () => Promise<T>): Promise<T> {
    const flight = {} as Flight<T>;
    flight.running = (async () => {
      try {
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
    flight.next ??= flight.running.then(
      () => start(key, load),
      () => start(key, load),
    );
    return flight.next;
  };
}
