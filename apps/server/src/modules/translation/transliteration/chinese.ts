import anyAscii from 'any-ascii';
import { pinyin } from 'pinyin-pro';

/** Hanyu Pinyin with tone marks, one syllable per word as learners read it: 你好 -> nǐ hǎo. */
export function romanizeChinese(text: string): string {
  const spaced = text.replace(
    /\p{Script=Han}+/gu,
    (run) => ` ${pinyin(run, { toneType: 'symbol', type: 'array' }).join(' ')} `,
  );
  return tidyRomanization(spaced);
}

/** Full-width CJK punctuation to ASCII, and spaces where Latin text wants them. */
export function tidyRomanization(text: string): string {
  return text
    .replace(/[\u3000-\u303f\uff00-\uffef]/gu, (char) => {
      const ascii = anyAscii(char);
      return /^[,.!?;:)\]]$/.test(ascii) ? `${ascii} ` : ascii;
    })
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ +([,.!?;:)\]])/g, '$1')
    .replace(/([([]) +/g, '$1')
    .split('\n')
    .map((line) => line.trim())
    .join('\n');
}
