/**
 * Phone numbers as the store shows them (decision 056): a South African number in the
 * international form '+27 82 555 0199', the form the store's own numbers and the agent form's
 * placeholder already use, and one a caller abroad can dial as written.
 */

/**
 * A South African number in any usual form ('082 555 0199', '+27 82 555 0199', '0825550199',
 * '(082) 555-0199') as '+27 82 555 0199', or null when it is not one: ten digits from a leading 0,
 * or +27 / 27 and nine digits, the first of them 1-8.
 */
export function normaliseSaPhone(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '');
  const match = /^(?:\+27|27|0)([1-8]\d{8})$/.exec(compact);
  if (!match) return null;
  const d = match[1]!;
  return `+27 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5)}`;
}

/** A stored number for display: South African ones in the one form, any other (a number abroad) as typed. */
export function formatPhone(value: string): string {
  return normaliseSaPhone(value) ?? value.trim();
}
