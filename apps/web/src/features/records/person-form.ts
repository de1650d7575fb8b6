import type { Path } from 'react-hook-form';
import type { Photo } from '@tolk/shared/schemas/conversations';
import type { Person, PersonInput } from '@tolk/shared/schemas/persons';

/** The person form as its inputs hold it: texts, '' for a choice not made. */
export interface PersonForm {
  name: string;
  description: string;
  note: string;
  /** One photo at most. */
  photos: Photo[];
  /** One of my places, '' for none. */
  metPlaceId: string;
  /** Where we met, in words (with or without a place). */
  metWhere: string;
  /** YYYY-MM-DD, '' for unknown. */
  metOn: string;
  languages: string[];
  /** Their Tolk username, '' for none. */
  username: string;
}

export const NEW_PERSON: PersonForm = {
  name: '',
  description: '',
  note: '',
  photos: [],
  metPlaceId: '',
  metWhere: '',
  metOn: '',
  languages: [],
  username: '',
};

export function toPersonForm(person: Person): PersonForm {
  return {
    name: person.name,
    description: person.description,
    note: person.note,
    photos: person.photo ? [person.photo] : [],
    metPlaceId: person.metPlace?.id ?? '',
    metWhere: person.metWhere,
    metOn: person.metOn ?? '',
    languages: person.languages,
    username: person.account?.username ?? '',
  };
}

/** What POST and PUT /api/persons take. */
export function toPersonInput(form: PersonForm): PersonInput {
  return {
    name: form.name,
    description: form.description,
    note: form.note,
    photoId: form.photos[0]?.id ?? null,
    metPlaceId: form.metPlaceId || null,
    metWhere: form.metWhere,
    metOn: form.metOn || null,
    languages: form.languages,
    username: form.username.trim().replace(/^@/, '') || null,
  };
}

/** A person as the API would take it again: an undone delete adds it back from this. */
export const personInputOf = (person: Person) => toPersonInput(toPersonForm(person));

const SAME: readonly Path<PersonForm>[] = [
  'name',
  'description',
  'note',
  'metPlaceId',
  'metWhere',
  'metOn',
  'languages',
  'username',
];

/** An API field (`photoId`, `languages.2`) as the form field that shows its problem. */
export function personFieldOf(apiField: string): Path<PersonForm> | undefined {
  const head = apiField.split('.')[0] ?? '';
  if (head === 'photoId') return 'photos';
  return SAME.find((field) => field === head);
}
