/** `text` with `%`, `_` and the backslash made literal for a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching `text` anywhere, case-insensitive against lower(column). */
export function likeContains(text: string): string {
  return `%${escapeLike(text.toLowerCase())}%`;
}
