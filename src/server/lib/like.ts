/** A LIKE pattern matching `text` anywhere, case-insensitive against lower(column): `%`, `_` and `\` match literally. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
