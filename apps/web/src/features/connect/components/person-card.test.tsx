import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PersonCard } from '@tolk/shared/schemas/connect';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { aPerson, aReaderText, LUCIA_ID } from '../test-factories';
import { PersonCardItem } from './person-card';

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  await chooseUiLanguage('en');
});

function renderCard(person: PersonCard) {
  render(
    <MemoryRouter initialEntries={['/connect?learns=es']}>
      <PersonCardItem person={person} />
    </MemoryRouter>,
  );
  return screen.getByRole('article', { name: /Lucía/ });
}

describe('a person card', () => {
  it('links to the person, with their age, city, distance, languages, shared interests and activity', () => {
    const card = renderCard(aPerson());
    expect(within(card).getByRole('link', { name: 'Lucía' }).getAttribute('href')).toBe(`/connect/${LUCIA_ID}`);
    expect(card.textContent).toContain('31 years old');
    expect(card.textContent).toContain('Madrid, Spain');
    expect(within(card).getByText('12 km away')).toBeTruthy();
    expect(within(card).getByText('Spanish')).toBeTruthy();
    expect(within(card).getByText('Native')).toBeTruthy();
    expect(within(card).getByText('English')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Interests you share' }).textContent).toBe('Hiking');
    expect(within(card).getByText('Active today')).toBeTruthy();
  });

  it('shows the language exchange match only when they teach me and learn mine', () => {
    const card = renderCard(aPerson());
    expect(within(card).getByText('Language exchange match')).toBeTruthy();
    render(
      <MemoryRouter>
        <PersonCardItem person={aPerson({ id: 'other', displayName: 'Pablo', learnsMine: false })} />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('article', { name: /Pablo/ })).queryByText('Language exchange match')).toBeNull();
  });

  it('says how many references they have and how many are positive, and nothing before the first', () => {
    const card = renderCard(aPerson({ references: { total: 8, positive: 7 } }));
    expect(within(card).getByText('8 references · 7 positive')).toBeTruthy();
    render(
      <MemoryRouter>
        <PersonCardItem person={aPerson({ id: 'other', displayName: 'Pablo' })} />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('article', { name: /Pablo/ })).queryByText(/reference/)).toBeNull();
  });

  it('shows the bio in my language, clamped to three lines', () => {
    const card = renderCard(aPerson());
    const bio = within(card).getByText('Hi, I am from Madrid and I love hiking.');
    expect(bio.getAttribute('lang')).toBe('en');
    expect(bio.className).toContain('clamp');
    expect(within(card).queryByText(/no translation/)).toBeNull();
  });

  it('shows the original with a note when no translation is available', () => {
    const card = renderCard(
      aPerson({ bio: aReaderText({ text: null, state: 'unavailable', original: 'Hei! Jeg bor i Oslo.', from: 'nb' }) }),
    );
    const bio = within(card).getByText('Hei! Jeg bor i Oslo.');
    expect(bio.getAttribute('lang')).toBe('nb');
    expect(within(card).getByText(/Shown as written in Norwegian.*no translation is available yet/)).toBeTruthy();
  });

  it('shows the city without a distance when the server gives none (no home city on either side)', () => {
    const card = renderCard(aPerson({ distanceKm: null }));
    expect(card.textContent).toContain('Madrid, Spain');
    expect(card.textContent).not.toMatch(/km|away|·/);
  });

  it('says where I stand with them, and nothing of a distance or city unknown', () => {
    const card = renderCard(aPerson({ connection: 'outgoing', distanceKm: null, city: null, activity: null }));
    expect(within(card).getByText('Request sent')).toBeTruthy();
    expect(within(card).queryByText(/away/)).toBeNull();
    expect(within(card).queryByText(/Active/)).toBeNull();
  });
});
