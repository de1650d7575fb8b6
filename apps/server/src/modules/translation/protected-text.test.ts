import { describe, expect, it } from 'vitest';
import {
  decodeHtmlEntities,
  hasTranslatableText,
  hashText,
  normaliseText,
  notranslateSpanMarkup,
  protectedValues,
  respace,
  restoreProtected,
  splitProtected,
  tokenMarkup,
  type TextPart,
} from './protected-text';

const kept = (text: string) => protectedValues(splitProtected(text));

describe('protected text', () => {
  it.each([
    ['See https://example.com/path?q=1&x=2#top today', ['https://example.com/path?q=1&x=2#top']],
    ['Go to www.tolk.app.', ['www.tolk.app']],
    ['(see https://en.wikipedia.org/wiki/Oslo_(city)) ok', ['https://en.wikipedia.org/wiki/Oslo_(city)']],
    ['Write to ana.lima+tolk@example.co.uk, please', ['ana.lima+tolk@example.co.uk']],
    ['Thanks @maria_s and @joão!', ['@maria_s', '@joão']],
    ['Love this #travel #Oslo2025', ['#travel', '#Oslo2025']],
    ['Party 🎉🎉 with 👩‍👩‍👧 and 👍🏽 in 🇳🇴', ['🎉🎉', '👩‍👩‍👧', '👍🏽', '🇳🇴']],
    ['I have 3 cats, 2.5 kg, 1,000 coins, at 12:30 on 2025-05-01', ['3', '2.5', '1,000', '12:30', '2025-05-01']],
    ['Run 10km in the mp3 era', ['10km', 'mp3']],
    [
      'Type `npm test` then ```\nconst a = "https://x.y";\n``` done',
      ['`npm test`', '```\nconst a = "https://x.y";\n```'],
    ],
    ['Press 1️⃣ to continue', ['1️⃣']],
  ])('keeps what must not be translated in %j', (text, expected) => {
    expect(kept(text)).toEqual(expected);
  });

  it('leaves ordinary words and punctuation to the engine', () => {
    expect(splitProtected('Hello, my friend! How are you?')).toEqual([
      { kind: 'text', value: 'Hello, my friend! How are you?' },
    ]);
    expect(kept("an e-mail at noon, isn't it? #1 & café")).toEqual(['#1']);
  });

  it('gives the text back when its parts are joined, for any text', () => {
    const alphabet = [
      'a',
      'Z',
      ' ',
      '\n',
      '.',
      ',',
      '@',
      '#',
      '`',
      ':',
      '/',
      '-',
      '1',
      '9',
      'é',
      'ß',
      '中',
      'ж',
      'ا',
      '😀',
      '👍🏽',
      '\u200d',
      '🇳',
      'http://',
      'www.',
      '.com',
      '@x.io',
      '_',
      '(',
      ')',
      '"',
      "'",
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 2000; round++) {
      const length = Math.floor(random() * 40);
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      const parts = splitProtected(text);
      expect(parts.map((part) => part.value).join(''), JSON.stringify(text)).toBe(text);
      // Neighbours always differ in kind, and no part is empty.
      parts.forEach((part, i) => {
        expect(part.value.length).toBeGreaterThan(0);
        if (i > 0) expect(part.kind).not.toBe(parts[i - 1]!.kind);
      });
      // Every placeholder markup round-trips an untouched "translation".
      for (const markup of [tokenMarkup, notranslateSpanMarkup]) {
        expect(restoreProtected(markup.decode(markup.encode(parts)), parts), JSON.stringify(text)).toBe(text);
      }
    }
  });

  it('says whether there is anything to translate', () => {
    expect(hasTranslatableText(splitProtected('😀 https://x.org 42'))).toBe(false);
    expect(hasTranslatableText(splitProtected('`code` ...!'))).toBe(false);
    expect(hasTranslatableText(splitProtected('ok 😀'))).toBe(true);
  });
});

describe('putting protected parts back', () => {
  const parts: TextPart[] = [
    { kind: 'text', value: 'Meet ' },
    { kind: 'protected', value: '@ana' },
    { kind: 'text', value: ' at ' },
    { kind: 'protected', value: '12:30' },
  ];

  it('follows the order the engine chose', () => {
    expect(restoreProtected(['A las ', 1, ' con ', 0], parts)).toBe('A las 12:30 con @ana');
  });

  it('refuses output that lost or repeated a placeholder, or made one up', () => {
    expect(restoreProtected(['Reúnete con ', 0], parts)).toBeNull();
    expect(restoreProtected([0, ' ', 0, ' ', 1], parts)).toBeNull();
    expect(restoreProtected([0, 1, 2], parts)).toBeNull();
  });

  it('sends empty elements, never the protected value, and reads HTML-mode answers back', () => {
    const encoded = notranslateSpanMarkup.encode([
      { kind: 'text', value: 'Tom & Jerry <3 ' },
      { kind: 'protected', value: '@tom' },
    ]);
    expect(encoded).toBe('Tom &amp; Jerry &lt;3 <span class="notranslate" translate="no" id="p0"></span>');
    const answer = '<SPAN translate=\'no\' id=p0 class="notranslate"></SPAN> y Tom &amp; Jerry &#60;3 &#x1F600;';
    expect(notranslateSpanMarkup.decode(answer)).toEqual([0, ' y Tom & Jerry <3 😀']);
    expect(notranslateSpanMarkup.decode('a <span id="p1"/> b')).toEqual(['a ', 1, ' b']);
    // Words an engine moved into the element would be lost: not read as a placeholder, so the
    // text fails over to piecewise translation.
    expect(notranslateSpanMarkup.decode('<span id="p0">perro</span>').includes(0)).toBe(false);
    expect(decodeHtmlEntities('&quot;a&quot; &apos;b&#39; &nbsp;&unknown;')).toBe('"a" \'b\' \u00a0&unknown;');
  });
});

describe('normalised text', () => {
  it('is NFC, trimmed, with spaces collapsed but line breaks kept', () => {
    expect(normaliseText('  Cafe\u0301   au\tlait \r\n\r\n\r\n  second   line  ')).toBe('Café au lait\n\nsecond line');
  });

  it('drops control characters that would confuse an engine', () => {
    expect(normaliseText('a\u0000b\u0007c')).toBe('abc');
  });

  it('skips the rewrite only for text it would not change, whatever its mix of spaces and breaks', () => {
    const alphabet = [
      'a',
      'é',
      'e\u0301',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r',
      '\u00a0',
      '\u2009',
      '\ufeff',
      '\u0001',
      '\u0085',
    ];
    // Every text of up to four pieces from the alphabet.
    let texts = [''];
    for (let length = 1; length <= 4; length++) {
      texts = texts.flatMap((text) => alphabet.map((piece) => text + piece));
      for (const text of texts) expect(normaliseText(text), JSON.stringify(text)).toBe(respace(text.normalize('NFC')));
    }
    expect(normaliseText('Good morning, my friend.')).toBe('Good morning, my friend.');
  });

  it('hashes equal texts equally and different texts differently', () => {
    expect(hashText(normaliseText(' Hello  world '))).toBe(hashText(normaliseText('Hello world')));
    expect(hashText('Hello world')).not.toBe(hashText('Hello world!'));
    expect(hashText('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});
