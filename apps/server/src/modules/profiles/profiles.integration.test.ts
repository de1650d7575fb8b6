import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@tolk/shared/schemas/profile';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, expectUnauthorized, newAccount } from '../../test/factories';

/** Bergen, Norway, in the bundled city list (GeoNames id). */
const BERGEN = 3161732;

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
      visibility: 'everyone',
      messagePolicy: 'everyone',
      homeCity: null,
      birthYear: null,
    });

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: member.headers,
      payload: {
        displayName: 'Nora K',
        bio: 'Jeg går på tur i fjellene hver helg og drikker mye kaffe.',
        interests: ['hiking', 'music'],
        languagesSpoken: [
          { code: 'nb', level: 'native' },
          { code: 'EN', level: 'fluent' },
        ],
        languagesLearning: ['es'],
        homeCityId: BERGEN,
        birthYear: 1990,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/profile', headers: member.headers });
    expect(after.json<Profile>()).toMatchObject({
      displayName: 'Nora K',
      language: 'nb',
      bio: 'Jeg går på tur i fjellene hver helg og drikker mye kaffe.',
      bioLanguage: 'nb',
      interests: ['hiking', 'music'],
      languagesSpoken: [
        { code: 'nb', level: 'native' },
        { code: 'en', level: 'fluent' },
      ],
      homeCity: { id: BERGEN, name: 'Bergen', country: 'NO' },
      birthYear: 1990,
    });
    // Where exactly home is stays on the server.
    expect(after.body).not.toMatch(/lat|lon|coordinates/i);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: member.headers });
    expect(me.json()).toMatchObject({ displayName: 'Nora K' });
  });

  it('answers bad fields with 400 and leaves the profile as it was', async () => {
    const member = await newAccount(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: member.headers,
      payload: { birthYear: 1800, visibility: 'public', interests: ['jazz'], bio: 'kept?' },
    });
    const error = expectError(res, 400, 'validation_failed');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['birthYear', 'interests.0', 'visibility']);
    const city = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: member.headers,
      payload: { homeCityId: 999_999_999, bio: 'kept?' },
    });
    expect(expectError(city, 400, 'validation_failed').fields).toEqual({ homeCityId: ['Not a city of the list.'] });
    const after = await t.app.inject({ method: 'GET', url: '/api/profile', headers: member.headers });
    expect(after.json<Profile>().bio).toBe('');
  });

  it('is for members only', async () => {
    expectUnauthorized(await t.app.inject({ method: 'GET', url: '/api/profile' }));
    expectUnauthorized(await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { bio: 'x' } }));
  });
});
