import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../lib/test-render';
import { aPage, aReference } from '../test-factories';
import { ThingReviews } from './thing-reviews';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
}));

const SELLER = '0a1b2c3d-0000-4000-8000-0000000000e1';
const WALK = '0a1b2c3d-0000-4000-8000-0000000000d1';
const BIKE = '0a1b2c3d-0000-4000-8000-0000000000d2';
const COOKING = '0a1b2c3d-0000-4000-8000-0000000000d3';

beforeAll(async () => {
  await initI18n();
  await chooseUiLanguage('en');
});
beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(get).mockImplementation((url) =>
    Promise.resolve(
      url === '/references/ratings'
        ? {
            things: [
              { thingId: WALK, average: 4.5, count: 2 },
              { thingId: BIKE, average: 3, count: 1 },
            ],
          }
        : aPage({ items: [aReference()], rating: { average: 4.5, count: 2 } }),
    ),
  );
});

const renderOffers = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <ThingReviews ownerId={SELLER} thingId={WALK} name="City walk" />
            <ThingReviews ownerId={SELLER} thingId={BIKE} name="Bike" />
            <ThingReviews ownerId={SELLER} thingId={COOKING} name="Cooking" />
          </>
        ),
      },
    ],
    '/',
  );

describe('ThingReviews', () => {
  it("shows each offer's rating from one request for all the seller's offers, and nothing for an unrated one", async () => {
    renderOffers();
    expect(await screen.findByText('4.5 · 2 ratings')).toBeTruthy();
    expect(screen.getByText('3.0 · 1 rating')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cooking/ })).toBeNull();
    expect(vi.mocked(get).mock.calls).toEqual([
      ['/references/ratings', expect.objectContaining({ params: { ownerId: SELLER } })],
    ]);
  });

  it('fetches the reviews only when they are opened', async () => {
    renderOffers();
    await userEvent.click(await screen.findByRole('button', { name: 'Reviews of City walk' }));
    await waitFor(() => {
      expect(get).toHaveBeenCalledWith(
        '/references',
        expect.objectContaining({ params: expect.objectContaining({ thingId: WALK }) }),
      );
    });
  });
});
