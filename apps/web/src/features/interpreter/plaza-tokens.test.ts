import { describe, expect, it } from 'vitest';
import { forgetPlazaToken, getPlazaToken, plazaRequestConfig, savePlazaToken } from './plaza-tokens';

describe('plaza guest tokens', () => {
  it('keeps a map of plaza id to token under tolk.plazaTokens', () => {
    savePlazaToken('p1', 'token-1');
    savePlazaToken('p2', 'token-2');
    expect(JSON.parse(localStorage.getItem('tolk.plazaTokens') ?? '{}')).toEqual({ p1: 'token-1', p2: 'token-2' });
    expect(getPlazaToken('p1')).toBe('token-1');
    forgetPlazaToken('p1');
    expect(getPlazaToken('p1')).toBeUndefined();
    expect(getPlazaToken('p2')).toBe('token-2');
  });

  it('sends the token in the x-plaza-token header only for its own plaza', () => {
    savePlazaToken('p1', 'token-1');
    expect(plazaRequestConfig('p1')).toEqual({ headers: { 'x-plaza-token': 'token-1' } });
    expect(plazaRequestConfig('p2')).toEqual({});
  });

  it('drops the oldest tokens beyond twenty', () => {
    for (let index = 0; index < 25; index += 1) savePlazaToken(`p${index}`, `t${index}`);
    expect(getPlazaToken('p0')).toBeUndefined();
    expect(getPlazaToken('p4')).toBeUndefined();
    expect(getPlazaToken('p5')).toBe('t5');
    expect(getPlazaToken('p24')).toBe('t24');
  });

  it('survives a damaged entry', () => {
    localStorage.setItem('tolk.plazaTokens', '[1,2');
    expect(getPlazaToken('p1')).toBeUndefined();
    savePlazaToken('p1', 'token-1');
    expect(getPlazaToken('p1')).toBe('token-1');
  });
});
