import { describe, expect, it } from 'vitest';
import type { Profile } from '@tolk/shared/schemas/profile';
import { formFieldOf, toForm, toInput } from './profile-form';

const PROFILE: Profile = {
  username: 'lucia',
  displayName: 'Lucía',
  language: 'es',
  bio: 'Hola',
  bioLanguage: 'es',
  interests: ['hiking', 'no-longer-a-tag'],
  languagesSpoken: [{ code: 'es', level: 'native' }],
  languagesLearning: ['ja'],
  homeCity: { id: 3117735, name: 'Madrid', country: 'ES' },
  birthYear: 1990,
  sex: 'female',
  visibility: 'connections',
  messagePolicy: 'everyone',
  avatarUrl: null,
};

describe('toInput', () => {
  it('sends the city by its id, the languages with their levels, the tags and both policies', () => {
    const form = {
      ...toForm(PROFILE),
      languagesSpoken: [
        { code: 'es', level: 'native' as const },
        { code: 'en', level: 'fluent' as const },
      ],
      interests: ['hiking' as const, 'board-games' as const],
      homeCity: { id: 2267057, name: 'Lisbon', country: 'PT' },
      visibility: 'hidden' as const,
      messagePolicy: 'connections' as const,
    };
    expect(toInput(form)).toEqual({
      displayName: 'Lucía',
      language: 'es',
      bio: 'Hola',
      languagesSpoken: [
        { code: 'es', level: 'native' },
        { code: 'en', level: 'fluent' },
      ],
      languagesLearning: ['ja'],
      interests: ['hiking', 'board-games'],
      homeCityId: 2267057,
      birthYear: 1990,
      visibility: 'hidden',
      messagePolicy: 'connections',
    });
  });

  it('leaves out rows without a language and repeats, and sends no city and no year as null', () => {
    const input = toInput({
      ...toForm(PROFILE),
      languagesSpoken: [
        { code: 'es', level: 'native' },
        { code: '', level: 'conversational' },
        { code: 'es', level: 'beginner' },
      ],
      languagesLearning: ['ja', 'ja', ''],
      homeCity: null,
      birthYear: '  ',
    });
    expect(input.languagesSpoken).toEqual([{ code: 'es', level: 'native' }]);
    expect(input.languagesLearning).toEqual(['ja']);
    expect(input.homeCityId).toBeNull();
    expect(input.birthYear).toBeNull();
    // The server detects the bio's language; the form never shows sex, so it stays as it is.
    expect(input).not.toHaveProperty('bioLanguage');
    expect(input).not.toHaveProperty('sex');
  });
});

describe('toForm', () => {
  it('keeps only the tags of the list and types the year as text', () => {
    const form = toForm(PROFILE);
    expect(form.interests).toEqual(['hiking']);
    expect(form.birthYear).toBe('1990');
    expect(toForm({ ...PROFILE, birthYear: null }).birthYear).toBe('');
  });
});

describe('formFieldOf', () => {
  it('shows a server error by the control it is about', () => {
    expect(formFieldOf('homeCityId')).toBe('homeCity');
    expect(formFieldOf('languagesSpoken.1.level')).toBe('languagesSpoken');
    expect(formFieldOf('interests.0')).toBe('interests');
    expect(formFieldOf('messagePolicy')).toBe('messagePolicy');
    expect(formFieldOf('somethingElse')).toBeUndefined();
  });
});
