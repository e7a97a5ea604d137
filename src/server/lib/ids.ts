const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed UUID: a malformed id in a URL is simply not found, never a database error. */
export const isUuid = (value: string) => UUID.test(value);
