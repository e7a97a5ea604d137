/**
 * The initials of a person's name: first and last name, so 'Pieter van der Merwe' is 'PM' (not the
 * 'Pv' of the first two words). One word gives one letter; an empty name gives ''.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (letter(first) + letter(last)).toUpperCase();
}

/** The first character, whole even when it is outside the Basic Multilingual Plane. */
const letter = (word: string) => Array.from(word)[0] ?? '';
