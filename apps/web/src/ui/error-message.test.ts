import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE } from '@tolk/shared/error-codes';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { chooseUiLanguage, initI18n } from '../lib/i18n';
import { HttpError } from '../lib/http-error';
import { SERVER_MESSAGE_FORMS, SERVER_MESSAGES } from '@tolk/shared/server-messages';
import { errorMessage, knownServerMessage, serverFieldMessage, waitDuration } from './error-message';

beforeAll(async () => {
  localStorage.setItem('uiLanguage', 'de');
  await initI18n();
});
afterEach(async () => {
  await chooseUiLanguage('de');
});

const t = i18next.t.bind(i18next);

describe('server errors in the reader language', () => {
  it('maps known field problems to their translation', () => {
    expect(serverFieldMessage('This username is taken.')).toBe(de.errors.usernameTaken);
    expect(serverFieldMessage('The current password is not correct.')).toBe(de.errors.currentPasswordWrong);
    expect(serverFieldMessage('No member is called ana, bo.')).toBe(
      de.errors.noSuchMember.replace('{{names}}', 'ana, bo'),
    );
  });

  it('knows every sentence the server may say, each with a translation', () => {
    for (const sentence of Object.values(SERVER_MESSAGES)) {
      const known = knownServerMessage(sentence);
      expect(known, sentence).toBeDefined();
      expect(i18next.exists(known!.key, { lng: 'de', fallbackLng: false }), known!.key).toBe(true);
    }
    expect(knownServerMessage(SERVER_MESSAGE_FORMS.textTooLong.say(4000))).toEqual({
      key: 'validation.maxChars',
      values: { count: 4000 },
    });
    expect(knownServerMessage(SERVER_MESSAGE_FORMS.guestTextTooLong.say(280))).toEqual({
      key: 'validation.maxChars',
      values: { count: 280 },
    });
    expect(knownServerMessage(SERVER_MESSAGE_FORMS.photoTooLarge.say(10))).toEqual({
      key: 'errors.photoTooLarge',
      values: { size: 10 },
    });
    expect(knownServerMessage(SERVER_MESSAGE_FORMS.noSuchMember.say(['ana']))).toEqual({
      key: 'errors.noSuchMember',
      values: { names: 'ana' },
    });
  });

  it('keeps the spec sign-in message working in English and translates it elsewhere', async () => {
    const failure = new HttpError(401, 'unauthorized', INVALID_CREDENTIALS_MESSAGE);
    expect(errorMessage(failure, t)).toBe(de.auth.invalidCredentials);
    await chooseUiLanguage('en');
    expect(errorMessage(failure, t)).toBe('Invalid username or password.');
  });

  it('gives an unknown message a sentence for its code, and English readers the server words', async () => {
    const failure = new HttpError(403, 'forbidden', 'Only the host may end this plaza.');
    expect(errorMessage(failure, t)).toBe(de.errors.forbidden);
    expect(serverFieldMessage('Too small: expected string to have >=3 characters')).toBe(de.errors.invalidField);
    await chooseUiLanguage('en');
    expect(errorMessage(failure, t)).toBe('Only the host may end this plaza.');
    expect(errorMessage(new HttpError(409, 'conflict', ''), t)).toBe(en.errors.conflict);
  });

  it('translates network failures, rate limits and server faults', () => {
    expect(errorMessage(new HttpError(0, 'network', 'Network Error'), t)).toBe(de.errors.network);
    expect(errorMessage(new HttpError(500, 'internal', 'boom'), t)).toBe(de.errors.unexpected);
    expect(errorMessage(new HttpError(429, 'rate_limited', 'Too many', {}, 30), t)).toBe(
      de.errors.rateLimited.replace('{{duration}}', '30 Sekunden'),
    );
  });

  it('says a long wait in minutes or hours, in the reader’s language', async () => {
    const limited = (seconds: number) => new HttpError(429, 'rate_limited', 'Too many', {}, seconds);
    expect(errorMessage(limited(2723), t)).toBe('Zu viele Versuche. Versuch es in 46 Minuten noch einmal.');
    await chooseUiLanguage('en');
    expect(errorMessage(limited(2723), t)).toBe('Too many attempts. Try again in 46 minutes.');
    expect(errorMessage(limited(7200), t)).toBe('Too many attempts. Try again in 2 hours.');
    expect(errorMessage(limited(1), t)).toBe('Too many attempts. Try again in 1 second.');
    await chooseUiLanguage('es');
    expect(errorMessage(limited(5400), t)).toBe('Demasiados intentos. Inténtalo de nuevo en 2 horas.');
  });
});

describe('waitDuration', () => {
  it('rounds up and picks the unit people would use', () => {
    expect(waitDuration(89, 'en')).toBe('89 seconds');
    expect(waitDuration(90, 'en')).toBe('2 minutes');
    expect(waitDuration(3600, 'en')).toBe('60 minutes');
    expect(waitDuration(5401, 'en')).toBe('2 hours');
    expect(waitDuration(2723, 'ar')).toMatch(/دقيقة/);
  });
});
