import type { Path } from 'react-hook-form';
import type { Photo } from '@tolk/shared/schemas/conversations';
import type { Thing, ThingAvailability, ThingInput, ThingUnit, ThingVisibility } from '@tolk/shared/schemas/things';
import type { Problem } from '../../ui/form-errors';
import { parsePrice, priceExample, priceText } from '../../lib/price';

export interface ThingForm {
  name: string;
  description: string;
  /** The language the description is written in (readers of an offer get it translated from it). */
  descriptionLanguage: string;
  photos: Photo[];
  /** In major units, as typed: "12.50". */
  price: string;
  /** An ISO 4217 code. */
  currency: string;
  unit: ThingUnit;
  availability: ThingAvailability;
  visibility: ThingVisibility;
}

export const newThing = (currency: string, language: string): ThingForm => ({
  name: '',
  description: '',
  descriptionLanguage: language,
  photos: [],
  price: '',
  currency,
  unit: 'item',
  availability: 'available',
  visibility: 'private',
});

export const THING_UNIT_KEYS: Record<ThingUnit, string> = {
  item: 'records.things.units.item',
  hour: 'records.things.units.hour',
  person: 'records.things.units.person',
};
export const THING_AVAILABILITY_KEYS: Record<ThingAvailability, string> = {
  available: 'records.things.availabilities.available',
  on_request: 'records.things.availabilities.on_request',
  unavailable: 'records.things.availabilities.unavailable',
};
export const THING_VISIBILITY_KEYS: Record<ThingVisibility, { label: string; hint: string }> = {
  private: { label: 'records.things.visibilities.private', hint: 'records.things.visibilities.privateHint' },
  offered: { label: 'records.things.visibilities.offered', hint: 'records.things.visibilities.offeredHint' },
};

export function toThingForm(thing: Thing, language: string): ThingForm {
  return {
    name: thing.name,
    description: thing.description,
    descriptionLanguage: thing.descriptionLanguage,
    photos: thing.photos,
    price: priceText(thing.priceMinor, thing.currency, language),
    currency: thing.currency,
    unit: thing.unit,
    availability: thing.availability,
    visibility: thing.visibility,
  };
}

/**
 * What POST and PUT /api/things take: the price in minor units of its currency. A price that is
 * not one (or has too many decimals for the currency) is the form's own problem.
 */
export function toThingInput(form: ThingForm, language = 'en'): { input: ThingInput; problems: { price?: Problem } } {
  const currency = form.currency.trim().toUpperCase();
  const priceMinor = parsePrice(form.price, currency);
  return {
    input: {
      name: form.name,
      description: form.description,
      descriptionLanguage: form.descriptionLanguage,
      photoIds: form.photos.map((photo) => photo.id),
      priceMinor: priceMinor ?? 0,
      currency,
      unit: form.unit,
      availability: form.availability,
      visibility: form.visibility,
    },
    problems:
      priceMinor !== undefined
        ? {}
        : {
            price: form.price.trim()
              ? { key: 'records.things.priceInvalid', values: { example: priceExample(currency, language) } }
              : { key: 'validation.required' },
          },
  };
}

/** A thing as the API would take it again: an undone delete adds it back from this. */
export const thingInputOf = (thing: Thing): ThingInput => ({
  name: thing.name,
  description: thing.description,
  descriptionLanguage: thing.descriptionLanguage,
  photoIds: thing.photos.map((photo) => photo.id),
  priceMinor: thing.priceMinor,
  currency: thing.currency,
  unit: thing.unit,
  availability: thing.availability,
  visibility: thing.visibility,
});

export function thingFieldOf(apiField: string): Path<ThingForm> | undefined {
  const head = apiField.split('.')[0] ?? '';
  if (head === 'priceMinor') return 'price';
  if (head === 'photoIds') return 'photos';
  const same: readonly Path<ThingForm>[] = [
    'name',
    'description',
    'descriptionLanguage',
    'currency',
    'unit',
    'availability',
    'visibility',
  ];
  return same.find((field) => field === head);
}
