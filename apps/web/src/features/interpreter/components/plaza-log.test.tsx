import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlazaSide } from '@tolk/shared/schemas/plazas';
import { initI18n } from '../../../lib/i18n';
import { WithQueryClient } from '../../../lib/test-render';
import { formatClockTime } from '../../../lib/format';
import { fromDetail } from '../plaza-muses';
import { aMuseDetail, aTranslation, PLAZA_ID } from '../test-factories';
import { PlazaLog } from './plaza-log';

beforeAll(async () => {
  await initI18n();
});

const plaza = { id: PLAZA_ID, userLanguage: 'en', audienceLanguage: 'es', host: true, memberId: 'member-host' };

// English typed into the Spanish (audience) half: the server stored it as English.
const wrongHalf = fromDetail(
  aMuseDetail(
    1,
    [
      aTranslation({ to: 'en', text: 'Where is the station?', state: 'skipped', engine: null }),
      aTranslation({ to: 'es', text: '¿Dónde está la estación?' }),
    ],
    { side: 'audience', text: 'Where is the station?', from: 'en' },
  ),
);

function versionsFor(reader: PlazaSide) {
  render(
    <PlazaLog
      muses={[wrongHalf]}
      plaza={plaza}
      mySide="user"
      reader={reader}
      guest
      rate={1}
      label={reader}
      announce={false}
    />,
    { wrapper: WithQueryClient },
  );
  const card = within(screen.getByRole('log', { name: reader })).getByRole('listitem');
  return {
    card,
    texts: Array.from(card.querySelectorAll('.plaza-version .plaza-text')).map((p) => [
      p.getAttribute('lang'),
      p.textContent,
    ]),
  };
}

describe('a muse typed in the wrong half', () => {
  it('says it was written in the other language, and shows each side its own language first', () => {
    const spanishHalf = versionsFor('audience');
    expect(within(spanishHalf.card).getByText('Written in English, and translated from it')).toBeTruthy();
    expect(spanishHalf.texts).toEqual([
      ['es', '¿Dónde está la estación?'],
      ['en', 'Where is the station?'],
    ]);
    const englishHalf = versionsFor('user');
    expect(englishHalf.texts).toEqual([
      ['en', 'Where is the station?'],
      ['es', '¿Dónde está la estación?'],
    ]);
  });

  it('has no note when written in its side’s own language', () => {
    const right = fromDetail(
      aMuseDetail(2, [aTranslation({ to: 'en', text: 'Thank you' })], {
        side: 'audience',
        text: 'Gracias',
        from: 'es',
      }),
    );
    render(
      <PlazaLog
        muses={[right]}
        plaza={plaza}
        mySide="user"
        reader="audience"
        guest
        rate={1}
        label="audience"
        announce={false}
      />,
      { wrapper: WithQueryClient },
    );
    expect(screen.queryByText(/Written in/)).toBeNull();
  });
});

describe('a muse’s time', () => {
  it('is the clock time chats write too (formatClockTime): one format per language', () => {
    const createdAt = new Date(2026, 4, 10, 19, 40).toISOString();
    const muse = fromDetail(aMuseDetail(2, [aTranslation({ to: 'es', text: 'Hola' })], { createdAt }));
    render(
      <PlazaLog
        muses={[muse]}
        plaza={plaza}
        mySide="user"
        reader="user"
        guest
        rate={1}
        label="time"
        announce={false}
      />,
      { wrapper: WithQueryClient },
    );
    const time = within(screen.getByRole('log', { name: 'time' }))
      .getByRole('listitem')
      .querySelector('time');
    expect(time?.textContent).toMatch(/^7:40\sPM$/);
    expect(time?.textContent).toBe(formatClockTime(createdAt, 'en'));
  });
});
