import { toTranslationLanguage } from '@tolk/shared/languages';

/** ISO 639-3 (and 639-2/B) codes that Apertium and APY use for languages we translate. */
const FROM_ISO3: Record<string, string> = {
  afr: 'af',
  ara: 'ar',
  bel: 'be',
  ben: 'bn',
  bul: 'bg',
  cat: 'ca',
  ces: 'cs',
  cze: 'cs',
  dan: 'da',
  deu: 'de',
  ger: 'de',
  ell: 'el',
  gre: 'el',
  eng: 'en',
  est: 'et',
  eus: 'eu',
  baq: 'eu',
  fas: 'fa',
  per: 'fa',
  fin: 'fi',
  fra: 'fr',
  fre: 'fr',
  gle: 'ga',
  glg: 'gl',
  heb: 'he',
  hin: 'hi',
  hrv: 'hr',
  hun: 'hu',
  ind: 'id',
  ita: 'it',
  jpn: 'ja',
  kor: 'ko',
  lit: 'lt',
  lav: 'lv',
  msa: 'ms',
  may: 'ms',
  nld: 'nl',
  dut: 'nl',
  nob: 'nb',
  pol: 'pl',
  por: 'pt',
  ron: 'ro',
  rum: 'ro',
  rus: 'ru',
  slk: 'sk',
  slo: 'sk',
  slv: 'sl',
  spa: 'es',
  srp: 'sr',
  swe: 'sv',
  swa: 'sw',
  tha: 'th',
  tgl: 'tl',
  tur: 'tr',
  ukr: 'uk',
  urd: 'ur',
  vie: 'vi',
  zho: 'zh',
  chi: 'zh',
};

const TO_ISO3: Record<string, string> = Object.fromEntries(
  Object.entries(FROM_ISO3)
    // The first (terminological) code of each language is the one Apertium names its modes with.
    .filter(([, ours], index, all) => all.findIndex(([, other]) => other === ours) === index)
    .map(([iso3, ours]) => [ours, iso3]),
);

/** An Apertium language code (eng, spa, es, pt_BR...) as ours, or undefined for languages we do not offer. */
export function fromApertiumCode(code: string): string | undefined {
  const base = code.toLowerCase().split(/[_-]/)[0] ?? '';
  return FROM_ISO3[base] ?? (base.length === 2 ? toTranslationLanguage(base) : undefined);
}

export function toIso3(code: string): string {
  return TO_ISO3[code] ?? code;
}
