import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { characterCount, cleanInput, cleanText, excerpt, INPUT_DEPTH_MAX, nameProblem, TEXT_MESSAGES } from './text';

describe('the text rule', () => {
  it('keeps plain text as it is, normalises to NFC and line breaks to "\\n"', () => {
    expect(cleanText('Hello, world')).toEqual({ ok: true, value: 'Hello, world' });
    expect(cleanText('Cafe\u0301\r\nbar\rbaz\tqux')).toEqual({ ok: true, value: 'Caf\u00e9\nbar\nbaz\tqux' });
  });

  it('refuses every C0 control but tab and newline, DEL, and lone surrogates', () => {
    for (let code = 0; code < 0x20; code += 1) {
      const result = cleanText(`a${String.fromCharCode(code)}b`);
      expect(result.ok, `U+${code.toString(16)}`).toBe(code === 0x09 || code === 0x0a || code === 0x0d);
    }
    expect(cleanText('a\u007Fb')).toEqual({ ok: false, message: TEXT_MESSAGES.controls });
    expect(cleanText('a\uD800b')).toEqual({ ok: false, message: TEXT_MESSAGES.unicode });
    expect(cleanText('a\uDC00')).toEqual({ ok: false, message: TEXT_MESSAGES.unicode });
    expect(cleanText('\u{1F30D}')).toEqual({ ok: true, value: '\u{1F30D}' });
  });

  it('gives text that is always storable and stable under a second pass', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const once = cleanText(value);
        if (!once.ok) return;
        const controls = Array.from(once.value, (char) => char).filter((char) => {
          const code = char.charCodeAt(0);
          return (code < 0x20 && char !== '\t' && char !== '\n') || code === 0x7f;
        });
        expect(controls).toEqual([]);
        // Storable as UTF-8: it survives the round trip unchanged.
        expect(new TextDecoder().decode(new TextEncoder().encode(once.value))).toBe(once.value);
        expect(cleanText(once.value)).toEqual(once);
      }),
    );
  });

  it('counts characters as a reader does', () => {
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('\u{1F30D}\u{1F30D}')).toBe(2);
    expect(characterCount('\uD800')).toBe(1);
  });

  it('refuses names that reorder, hide or pose as staff, and takes the rest', () => {
    expect(nameProblem('\u202Eevil')).toBe(TEXT_MESSAGES.bidi);
    expect(nameProblem('\u200B \u200D')).toBe(TEXT_MESSAGES.invisible);
    expect(nameProblem('ADMIN')).toBe(TEXT_MESSAGES.reserved);
    expect(nameProblem('Tolk Team')).toBe(TEXT_MESSAGES.reserved);
    expect(nameProblem('María José')).toBeNull();
    expect(nameProblem('سارة')).toBeNull();
    expect(nameProblem('')).toBeNull();
  });

  it('walks a whole request, naming each field at fault by its path, keys included', () => {
    expect(cleanInput({ a: ['ok', 'b\u0000'], c: { d: 'e\u0301' } })).toEqual({
      ok: false,
      problems: { 'a.1': [TEXT_MESSAGES.controls] },
    });
    expect(cleanInput({ 'k\u0000': 1 })).toEqual({ ok: false, problems: { body: [TEXT_MESSAGES.controls] } });
    expect(cleanInput({ a: { d: 'e\u0301' }, n: 1, z: null })).toEqual({
      ok: true,
      value: { a: { d: '\u00e9' }, n: 1, z: null },
    });
  });

  it('refuses nesting past its depth without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const result = cleanInput(deep);
    expect(result.ok).toBe(false);
    let fine: unknown = 'x';
    for (let i = 0; i < INPUT_DEPTH_MAX - 1; i += 1) fine = { a: fine };
    expect(cleanInput(fine).ok).toBe(true);
  });
});

describe('excerpt', () => {
  it('keeps a short text whole and cuts a long one at a character a reader sees, with an ellipsis', () => {
    expect(excerpt('Hola', 4)).toBe('Hola');
    expect(excerpt('Hola mundo', 6)).toBe('Hola…');
    // A family emoji and a flag are one character each, never split.
    expect(excerpt('👨‍👩‍👧🇪🇸abc', 3)).toBe('👨‍👩‍👧🇪🇸…');
    expect(excerpt('', 5)).toBe('');
  });
});
