import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language-detection';
import { SENTENCES } from './sentences.fixture';

describe('language detection', () => {
  it.each(SENTENCES)('detects a sentence in %s', (language, text) => {
    const detection = detectLanguage(text, { fallback: language === 'en' ? 'de' : 'en' });
    expect(detection).toMatchObject({ language, method: 'detected' });
    expect(detection.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it.each([
    ['Bonjour, comment ça va aujourd’hui ?', 'fr'],
    ['Guten Morgen, wie geht es dir heute?', 'de'],
    ['Obrigado pela ajuda com a mudança', 'pt'],
    ['Доброе утро, как ваши дела?', 'ru'],
    ['Selamat pagi, apa kabar hari ini?', 'id'],
    ['Xin chào, bạn khỏe không?', 'vi'],
    // Slovenian, which tinyld alone read as Czech, Serbian or Norwegian with full confidence.
    ['Najlepša hvala za tvojo pomoč.', 'sl'],
    ['Včeraj sem bil v Ljubljani s prijatelji.', 'sl'],
    ['Lahko mi pošlješ slike od včeraj?', 'sl'],
    // Norwegian that tinyld alone put below the bar.
    ['Hei, hvordan går det med deg?', 'nb'],
    ['Jeg har ikke tid i dag, men kanskje i morgen.', 'nb'],
    ['Kan du sende meg bildene fra i går?', 'nb'],
  ])('detects %j as %s with a confidence', (text, language) => {
    const detection = detectLanguage(text, { fallback: 'ja' });
    expect(detection).toMatchObject({ language, method: 'detected' });
    expect(detection.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('does not take Slovenian for its neighbours, nor Indonesian for Malay', () => {
    for (const text of ['Dobro jutro, kako si danes?', 'Danes bom malo zamudil, oprosti.']) {
      expect(detectLanguage(text, { fallback: 'en' }).language).toBe('sl');
    }
    expect(detectLanguage('Saya akan terlambat hari ini, maaf.', { fallback: 'en' }).language).toBe('id');
  });

  it('is sure of a script that belongs to one language, however short the text', () => {
    expect(detectLanguage('こんにちは', { fallback: 'en' })).toMatchObject({ language: 'ja', method: 'detected' });
    expect(detectLanguage('안녕', { fallback: 'en' })).toMatchObject({ language: 'ko', method: 'detected' });
    expect(detectLanguage('你好', { fallback: 'en' })).toMatchObject({ language: 'zh', method: 'detected' });
  });

  it('falls back to the given language for short or ambiguous text', () => {
    // The two detectors disagree on "Hello, my friend" (Tagalog, Afrikaans): not a guess to act on.
    expect(detectLanguage('Hello, my friend', { fallback: 'es' })).toMatchObject({
      language: 'es',
      method: 'fallback',
    });
    expect(detectLanguage('Hola', { fallback: 'nb' })).toMatchObject({ language: 'nb', method: 'fallback' });
    expect(detectLanguage('ok', { fallback: 'fr' }).language).toBe('fr');
    // Slovenian or Croatian? Too close to call: the writer's own language wins.
    expect(detectLanguage('Se vidimo jutri na tržnici.', { fallback: 'sl' })).toMatchObject({
      language: 'sl',
      method: 'fallback',
    });
  });

  it('ignores links, names and numbers when judging', () => {
    const text = 'https://www.example.de/wohnung @Kaufmann 12:30 Wo ist der Bahnhof, bitte? Ich suche ihn.';
    expect(detectLanguage(text, { fallback: 'en' })).toMatchObject({ language: 'de', method: 'detected' });
    expect(detectLanguage('😀 https://x.org 42', { fallback: 'it' })).toEqual({
      language: 'it',
      confidence: null,
      method: 'fallback',
    });
  });

  it('uses English without a fallback, resolves regional fallbacks, and obeys `from`', () => {
    expect(detectLanguage('ok').language).toBe('en');
    expect(detectLanguage('ok', { fallback: 'pt-BR' }).language).toBe('pt');
    expect(detectLanguage('ok', { fallback: 'xx' }).language).toBe('en');
    expect(detectLanguage('Guten Morgen, wie geht es dir heute?', { from: 'nl' })).toEqual({
      language: 'nl',
      confidence: null,
      method: 'given',
    });
  });
});
