import { describe, expect, it } from 'vitest';
import { romanizeArabic } from './arabic';
import { romanizeCyrillic } from './cyrillic';
import { romanizeKorean } from './korean';
import { SENTENCES } from '../sentences.fixture';
import { transliterate } from './transliterate';

describe('transliteration of a sentence in each interface language', () => {
  it.each([
    ['ar', 'ain mhta al-qtar? arid an ashtri tdhkra.'],
    ['ja', 'eki wa doko desu ka? kippu o kai tai desu.'],
    ['ko', 'gichayeogi eodie isseoyo? pyoreul sago sipeoyo.'],
    ['ru', 'Gde nakhoditsya vokzal? Ya khochu kupit bilet.'],
    ['zh', 'huǒ chē zhàn zài nǎ lǐ? wǒ xiǎng mǎi yì zhāng piào.'],
  ])('reads the %s sentence in Latin letters', async (language, latin) => {
    const sentence = SENTENCES.find(([code]) => code === language)![1];
    expect(await transliterate(sentence, language)).toBe(latin);
  });

  it.each(SENTENCES.filter(([code]) => !['ar', 'ja', 'ko', 'ru', 'zh'].includes(code)))(
    'gives null for the %s sentence, already in Latin script',
    async (language, sentence) => {
      expect(await transliterate(sentence, language)).toBeNull();
    },
  );
});

describe('transliteration by script', () => {
  it.each([
    ['你好', 'zh', 'nǐ hǎo'],
    ['你好，世界！', 'zh', 'nǐ hǎo, shì jiè!'],
    ['我爱北京', 'zh', 'wǒ ài běi jīng'],
    ['こんにちは', 'ja', 'konnichiwa'],
    ['ありがとうございます', 'ja', 'arigatō gozai masu'],
    ['東京に行きたい', 'ja', 'tōkyō ni iki tai'],
    ['日本語を勉強しています。', 'ja', 'nihongo o benkyō shi te i masu.'],
    ['안녕하세요', 'ko', 'annyeonghaseyo'],
    ['Привет', 'ru', 'Privet'],
    ['مَرْحَبًا', 'ar', 'marhaban'],
    ['Γειά σου', 'el', 'Geia soy'],
    // Hebrew: shin is sh and vav a vowel; points give the vowels the letters leave out.
    ['שלום', 'he', 'shlom'],
    ['שָׁלוֹם', 'he', 'shalom'],
    ['תודה רבה', 'he', 'toda rva'],
    ['אני גר בתל אביב', 'he', 'ani gr btl aviv'],
  ])('reads %j (%s) as %j', async (text, language, expected) => {
    expect(await transliterate(text, language)).toBe(expected);
  });

  it('is null for Latin-script text and text without letters', async () => {
    expect(await transliterate('Hello, my friend', 'en')).toBeNull();
    expect(await transliterate('Crème brûlée, señor, Ærøskøbing', 'fr')).toBeNull();
    expect(await transliterate('123 😀 !?', 'en')).toBeNull();
    expect(await transliterate('“Quoted” — and so on…', 'en')).toBeNull();
  });

  it('reads kanji as Japanese when the language says so, as Mandarin otherwise', async () => {
    expect(await transliterate('東京', 'ja')).toBe('tōkyō');
    expect(await transliterate('東京', 'zh')).toBe('dōng jīng');
  });

  it('keeps the Latin parts of mixed text', async () => {
    expect(await transliterate('I love 北京!', 'zh')).toBe('I love běi jīng!');
    expect(await transliterate('Meet @anna в Москве', 'ru')).toBe('Meet @anna v Moskve');
  });
});

describe('Korean Revised Romanization', () => {
  it.each([
    ['감사합니다', 'gamsahamnida'], // ㅂ before ㄴ is said ㅁ
    ['한국어', 'hangugeo'], // a final links to the next vowel
    ['서울', 'seoul'],
    ['부산', 'busan'],
    ['신라', 'silla'], // ㄴ + ㄹ -> ll
    ['설날', 'seollal'], // ㄹ + ㄴ -> ll
    ['종로', 'jongno'], // ㄹ after ㅇ is said ㄴ
    ['백마', 'baengma'], // ㄱ before ㅁ is said ㅇ
    ['국물', 'gungmul'],
    ['있는', 'inneun'], // ㅆ before ㄴ is said ㄴ
    ['좋아요', 'joayo'], // ㅎ falls silent before a vowel
    ['좋고', 'joko'], // ㅎ + ㄱ -> k
    ['축하', 'chuka'], // ㄱ + ㅎ -> k
    ['같이', 'gachi'], // ㅌ + 이 -> chi
    ['굳이', 'guji'], // ㄷ + 이 -> ji
    ['읽어요', 'ilgeoyo'], // a cluster keeps its first and links its second
    ['없어요', 'eopseoyo'],
    ['닭', 'dak'],
    ['밖에', 'bakke'],
    ['아리랑', 'arirang'],
  ])('romanizes %s as %s', (hangul, latin) => {
    expect(romanizeKorean(hangul)).toBe(latin);
  });

  it('applies no rule across a space', () => {
    expect(romanizeKorean('한국 음식')).toBe('hanguk eumsik');
  });
});

describe('Cyrillic', () => {
  it.each([
    ['Москва', 'Moskva'],
    ['Щука и жук', 'Shchuka i zhuk'],
    ['ЖУК', 'ZHUK'],
    ['Ельцин', 'Yeltsin'], // е is ye at the start of a word
    ['моё', 'moyo'],
    ['объём', 'obyom'],
    ['Хорошо', 'Khorosho'],
    ['цирк', 'tsirk'],
    ['Юля и Яна', 'Yulya i Yana'],
    ['подъезд', 'podyezd'], // е after the hard sign is ye
  ])('reads Russian %s as %s', (cyrillic, latin) => {
    expect(romanizeCyrillic(cyrillic, 'ru')).toBe(latin);
  });

  it('uses the Ukrainian, Serbian and Bulgarian tables for those languages', () => {
    expect(romanizeCyrillic('Київ, Харків, Юрій', 'uk')).toBe('Kyiv, Kharkiv, Yurii');
    expect(romanizeCyrillic('Гліб', 'uk')).toBe('Hlib');
    expect(romanizeCyrillic('Ђурђевак, Љубљана, Џеј', 'sr')).toBe('Đurđevak, Ljubljana, Džej');
    expect(romanizeCyrillic('България, щастие', 'bg')).toBe('Balgariya, shtastie');
  });
});

describe('Arabic', () => {
  it.each([
    ['مرحبا', 'mrhba'],
    ['مَرْحَبًا', 'marhaban'],
    ['شُكْرًا', 'shukran'],
    ['كيف', 'kif'],
    ['السلام', 'al-slam'],
    ['مُحَمَّد', 'muhammad'], // shadda doubles, wherever Unicode ordering put it
    ['مُحَمّد', 'muhammd'],
    ['١٢٣', '123'],
    ['كيف حالك؟', 'kif halk?'],
    ['پیتزا', 'pitza'],
  ])('reads %s as %s', (arabic, latin) => {
    expect(romanizeArabic(arabic)).toBe(latin);
  });
});
