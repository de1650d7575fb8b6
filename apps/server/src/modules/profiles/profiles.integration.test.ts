import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@tolk/shared/schemas/profile';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, expectUnauthorized, newAccount } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('profile', () => {
  it('starts empty, saves any subset of fields and shows them back', async () => {
    const member = await newAccount(t.app, { displayName: 'Nora', language: 'nb' });
    const before = await t.app.inject({ method: 'GET', url: '/api/profile', headers: member.headers });
    expect(before.json<Profile>()).toMatchObject({
      username: member.username,
      displayName: 'Nora',
      language: 'nb',
      bio: '',
      interests: [],
      visibility: 'members',
      birthYear: null,
    });

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: member.headers,
      payload: {
        displayName: 'Nora K',
        bio: 'Hiker from Bergen',
        interests: ['hiking', 'jazz'],
        languagesSpoken: [
          { code: 'nb', level: 'native' },
          { code: 'EN', level: 'fluent' },
        ],
        languagesLearning: ['es'],
        homeCity: 'Bergen',
        homeCountry: 'Norway',
        birthYear: 1990,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/profile', headers: member.headers });
    expect(after.json<Profile>()).toMatchObject({
      displayName: 'Nora K',
      language: 'nb',
      bio: 'Hiker from Bergen',
      interests: ['hiking', 'jazz'],
      languagesSpoken: [
        { code: 'nb', level: 'native' },
        { code: 'en', level: 'fluent' },
      ],
      homeCity: 'Bergen',
      birthYear: 1990,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers });
    expect(me.json()).toMatchObject({ displayName: 'Nora K' });
  });

  it('answers bad fields with 400 and leaves the profile as it was', async () => {
    const member = await newAccount(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: member.headers,
      payload: { birthYear: 1800, visibility: 'everyone', bio: 'kept?' },
    });
    const error = expectError(res, 400, 'validation_failed');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['birthYear', 'visibility']);
    const after = await t.app.inject({ method: 'GET', url: '/api/profile', headers: member.headers });
    expect(after.json<Profile>().bio).toBe('');
  });

  it('is for members only', async () => {
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/profile' }));
    expectUnauthorized(await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { bio: 'x' } }));
  });
});
