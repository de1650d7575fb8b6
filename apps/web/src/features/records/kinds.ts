import type { Person, PersonInput, PersonUpdate } from '@tolk/shared/schemas/persons';
import type { Place, PlaceInput, PlaceUpdate } from '@tolk/shared/schemas/places';
import type { Thing, ThingInput, ThingUpdate } from '@tolk/shared/schemas/things';
import { paths } from '../../lib/paths';

/**
 * The three kinds of record a member keeps, named as the API names them (`/api/persons`...): each
 * screen, query and message of this feature is written once and told which kind it is about.
 */
export const RECORD_KINDS = ['persons', 'places', 'things'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

interface RecordTypes {
  persons: { record: Person; input: PersonInput; update: PersonUpdate };
  places: { record: Place; input: PlaceInput; update: PlaceUpdate };
  things: { record: Thing; input: ThingInput; update: ThingUpdate };
}
export type RecordOf<K extends RecordKind> = RecordTypes[K]['record'];
export type InputOf<K extends RecordKind> = RecordTypes[K]['input'];
export type UpdateOf<K extends RecordKind> = RecordTypes[K]['update'];
export type AnyRecord = RecordOf<RecordKind>;

/** Where each kind lives (spec section 2: /person, /place, /thing). */
export const RECORD_PATHS = {
  persons: {
    list: paths.person,
    add: paths.personAdd,
    detail: paths.personDetail,
    edit: paths.personEdit,
  },
  places: { list: paths.place, add: paths.placeAdd, detail: paths.placeDetail, edit: paths.placeEdit },
  things: { list: paths.thing, add: paths.thingAdd, detail: paths.thingDetail, edit: paths.thingEdit },
} as const satisfies Record<RecordKind, unknown>;

/**
 * The interface texts that differ by kind. The empty lists are the spec's own words (section 8,
 * common.*); the rest are this feature's.
 */
export const RECORD_TEXTS = {
  persons: {
    title: 'nav.people',
    empty: 'common.noPeople',
    add: 'records.persons.add',
    new: 'records.persons.new',
    edit: 'records.persons.edit',
    missing: 'records.persons.missing',
    deleteSubject: 'records.persons.deleteSubject',
  },
  places: {
    title: 'nav.places',
    empty: 'common.noPlaces',
    add: 'records.places.add',
    new: 'records.places.new',
    edit: 'records.places.edit',
    missing: 'records.places.missing',
    deleteSubject: 'records.places.deleteSubject',
  },
  things: {
    title: 'nav.things',
    empty: 'common.noItems',
    add: 'records.things.add',
    new: 'records.things.new',
    edit: 'records.things.edit',
    missing: 'records.things.missing',
    deleteSubject: 'records.things.deleteSubject',
  },
} as const satisfies Record<RecordKind, Record<string, string>>;
