import { describe, expect, it } from 'vitest';
import { hasControlCharacter, optionalMultiline, required } from './text-fields';

describe('hasControlCharacter', () => {
  it('finds C0 controls and DEL; a multi-line field may hold tab, line feed and carriage return', () => {
    for (const text of ['a\u0000b', '\u0001', 'a\u001fb', 'a\u007fb', 'a\u000bb', 'a\u000cb']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
      expect(hasControlCharacter(text, { multiline: true }), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
      expect(hasControlCharacter(text, { multiline: true }), JSON.stringify(text)).toBe(false);
    }
    for (const text of ['', 'Thandi Nkosi', 'Zoë – 12 Long St, Cape Town', '\u00a0\u0080']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('the shared text fields', () => {
  it('refuse control characters with a message naming the field, after trimming', () => {
    const name = required('Name', 20);
    expect(name.safeParse('  Thandi \n').data).toBe('Thandi');
    expect(name.safeParse('Tha\u0000ndi').error?.issues.map((issue) => issue.message)).toEqual([
      'Name must not contain control characters',
    ]);
    const notes = optionalMultiline('Notes', 50);
    expect(notes.safeParse('one\r\ntwo\tthree').data).toBe('one\r\ntwo\tthree');
    expect(notes.safeParse('one\u0000').success).toBe(false);
  });
});
