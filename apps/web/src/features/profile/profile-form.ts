import type { CityRef } from '@tolk/shared/schemas/cities';
import type { Interest } from '@tolk/shared/interests';
import { isInterest } from '@tolk/shared/interests';
import type { Profile, UpdateProfileInput } from '@tolk/shared/schemas/profile';

export type LanguageLevel = Profile['languagesSpoken'][number]['level'];
/** A row of "Languages I speak": code '' until the member picks the language. */
export interface SpokenRow {
  code: string;
  level: LanguageLevel;
}

/** The edit screen's form: what the inputs hold, which is not quite what the server takes. */
export interface EditForm {
  displayName: string;
  language: string;
  bio: string;
  languagesSpoken: SpokenRow[];
  languagesLearning: string[];
  interests: Interest[];
  homeCity: CityRef | null;
  /** As typed: '' for none. */
  birthYear: string;
  visibility: Profile['visibility'];
  messagePolicy: Profile['messagePolicy'];
}

export const toForm = (profile: Profile): EditForm => ({
  displayName: profile.displayName,
  language: profile.language,
  bio: profile.bio,
  languagesSpoken: profile.languagesSpoken.map(({ code, level }) => ({ code, level })),
  languagesLearning: [...profile.languagesLearning],
  // A tag the list no longer has cannot be sent back: it goes with the next save.
  interests: profile.interests.filter(isInterest),
  homeCity: profile.homeCity,
  birthYear: profile.birthYear === null ? '' : String(profile.birthYear),
  visibility: profile.visibility,
  messagePolicy: profile.messagePolicy,
});

/**
 * What PUT /api/profile takes from the form: the city by its id, rows without a language left
 * out, each language once (the first row wins), and no bioLanguage, so the server detects it from
 * the bio as written.
 */
export function toInput(form: EditForm): UpdateProfileInput {
  const spoken = new Set<string>();
  const languagesSpoken = form.languagesSpoken.filter(({ code }) => {
    if (!code || spoken.has(code)) return false;
    spoken.add(code);
    return true;
  });
  const birthYear = form.birthYear.trim();
  return {
    displayName: form.displayName,
    language: form.language,
    bio: form.bio,
    languagesSpoken: languagesSpoken.map(({ code, level }) => ({ code, level })),
    languagesLearning: [...new Set(form.languagesLearning.filter(Boolean))],
    interests: [...new Set(form.interests)],
    homeCityId: form.homeCity?.id ?? null,
    birthYear: birthYear ? Number(birthYear) : null,
    visibility: form.visibility,
    messagePolicy: form.messagePolicy,
  };
}

/** A server field (`homeCityId`, `languagesSpoken.2.code`) as the form's field that shows its error. */
export function formFieldOf(serverField: string): keyof EditForm | undefined {
  const head = serverField.split('.')[0] ?? '';
  if (head === 'homeCityId') return 'homeCity';
  if (head === 'bioLanguage') return 'bio';
  const fields: readonly (keyof EditForm)[] = [
    'displayName',
    'language',
    'bio',
    'languagesSpoken',
    'languagesLearning',
    'interests',
    'homeCity',
    'birthYear',
    'visibility',
    'messagePolicy',
  ];
  return fields.find((field) => field === head);
}
