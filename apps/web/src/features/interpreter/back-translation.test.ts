import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslateInput, TranslateResponse, TranslatedText } from '@tolk/shared/schemas/translation';
import { backTranslate } from './back-translation';
import { translate } from './api/translate';

vi.mock('./api/translate', () => ({ translate: vi.fn() }));
const translateMock = vi.mocked(translate);

function answer(source: string, from: string, version: Partial<TranslatedText> & { to: string }): TranslateResponse {
  return {
    results: [
      {
        source,
        from,
        detection: { method: 'given', confidence: null },
        transliteration: null,
        translations: [{ text: null, transliteration: null, engine: 'apertium', state: 'ready', ...version }],
      },
    ],
  };
}

beforeEach(() => {
  translateMock.mockReset();
});

describe('backTranslate', () => {
  it('translates there and then back from what the reader will see', async () => {
    translateMock
      .mockResolvedValueOnce(answer('Good morning, my friend', 'en', { to: 'es', text: 'Buenos días, mi amigo' }))
      .mockResolvedValueOnce(answer('Buenos días, mi amigo', 'es', { to: 'en', text: 'Good day, my friend' }));

    const result = await backTranslate('Good morning, my friend', 'en', 'es');

    expect(result).toEqual({
      state: 'ready',
      forward: 'Buenos días, mi amigo',
      back: 'Good day, my friend',
      pivot: undefined,
    });
    const calls = translateMock.mock.calls.map(([input]: [TranslateInput]) => input);
    expect(calls).toEqual([
      { texts: ['Good morning, my friend'], from: 'en', to: ['es'] },
      { texts: ['Buenos días, mi amigo'], from: 'es', to: ['en'] },
    ]);
  });

  it('stops after the first leg when there is no engine for it', async () => {
    translateMock.mockResolvedValueOnce(
      answer('Hello', 'en', { to: 'ko', state: 'unavailable', reason: 'No engine for en to ko.' }),
    );
    const result = await backTranslate('Hello', 'en', 'ko');
    expect(result).toEqual({ state: 'unavailable', from: 'en', to: 'ko', reason: 'No engine for en to ko.' });
    expect(translateMock).toHaveBeenCalledTimes(1);
  });

  it('names the way back when only that leg fails', async () => {
    translateMock
      .mockResolvedValueOnce(answer('Hello', 'en', { to: 'pt', text: 'Olá' }))
      .mockResolvedValueOnce(answer('Olá', 'pt', { to: 'en', state: 'unavailable', reason: 'Engine down.' }));
    expect(await backTranslate('Hello', 'en', 'pt')).toEqual({
      state: 'unavailable',
      from: 'pt',
      to: 'en',
      reason: 'Engine down.',
    });
  });

  it('says "translating" when the engine has not finished', async () => {
    translateMock.mockResolvedValueOnce(answer('Hello', 'en', { to: 'es', state: 'pending' }));
    expect(await backTranslate('Hello', 'en', 'es')).toEqual({ state: 'pending' });
  });

  it('passes failures on to the caller', async () => {
    translateMock.mockRejectedValueOnce(new Error('Network Error'));
    await expect(backTranslate('Hello', 'en', 'es')).rejects.toThrow('Network Error');
  });
});
