import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http';
import { joinCodeProblem, limitSeconds, normalizeJoinCode, plazaGone } from './plaza-errors';

describe('join code problems', () => {
  it("maps the server answers to the issue's messages", () => {
    expect(joinCodeProblem(new HttpError(404, 'not_found', 'No such code'))).toEqual({
      key: 'interpreter.codeInvalid',
    });
    expect(joinCodeProblem(new HttpError(410, 'gone', 'Expired', { code: ['expired'] }))).toEqual({
      key: 'interpreter.codeExpired',
    });
    expect(joinCodeProblem(new HttpError(410, 'gone', 'Ended', { code: ['ended'] }))).toEqual({
      key: 'interpreter.codeEnded',
    });
    expect(joinCodeProblem(new HttpError(429, 'rate_limited', 'Slow down', {}, 42))).toEqual({
      key: 'interpreter.limitReached',
      seconds: 42,
    });
    expect(joinCodeProblem(new HttpError(400, 'validation_failed', 'Bad'))).toBeUndefined();
    expect(
      joinCodeProblem(new HttpError(400, 'validation_failed', 'Same', { language: ['The host already speaks it.'] })),
    ).toEqual({ key: 'interpreter.languageIsHosts' });
    expect(joinCodeProblem(new HttpError(409, 'conflict', 'Taken', { language: ['Someone joined.'] }))).toEqual({
      key: 'interpreter.audienceTaken',
    });
    expect(joinCodeProblem(new HttpError(429, 'rate_limited', 'Slow down', {}, 42), true)).toEqual({
      key: 'interpreter.memberLimitReached',
      seconds: 42,
    });
  });

  it('reads the wait from Retry-After, a minute when it is missing', () => {
    expect(limitSeconds(new HttpError(429, 'rate_limited', 'x', {}, 7))).toBe(7);
    expect(limitSeconds(new HttpError(429, 'rate_limited', 'x'))).toBe(60);
    expect(limitSeconds(new HttpError(400, 'bad_request', 'x'))).toBeUndefined();
  });

  it('tells an ended plaza from an expired or unknown one', () => {
    expect(plazaGone(new HttpError(410, 'gone', 'x', { plaza: ['ended'] }))).toBe('ended');
    expect(plazaGone(new HttpError(410, 'gone', 'x'))).toBe('expired');
    expect(plazaGone(new HttpError(404, 'not_found', 'x'))).toBe('missing');
    expect(plazaGone(new HttpError(0, 'network', 'Network Error'))).toBeUndefined();
  });

  it('accepts a code however it was typed', () => {
    expect(normalizeJoinCode(' k7m-2qx ')).toBe('K7M2QX');
    expect(normalizeJoinCode('ABCDEFGH')).toBe('ABCDEF');
  });
});
