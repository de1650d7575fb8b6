import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render as renderBare, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import LeafletMap from './leaflet-map';
import { PlaceMap } from './place-map';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
}));

beforeAll(async () => {
  await initI18n();
  await chooseUiLanguage('en');
});
// The server's setting (TOLK_MAP_TILE_URL): a tile server of the deployment's own.
beforeEach(() => {
  vi.mocked(get).mockReset();
  vi.mocked(get).mockResolvedValue({
    url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
    attribution: '&copy; <a href="https://example.org">Example Maps</a>',
  });
});

const render = (ui: ReactNode) =>
  renderBare(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

const tile = () => document.querySelector<HTMLImageElement>('img.leaflet-tile');

// The real Leaflet, in jsdom: it lays out its tiles and works out clicks without loading any image.
describe('a place’s map', () => {
  it('asks the tile server the server names and credits it', async () => {
    render(<LeafletMap label="Map of Tasca do Chico" point={{ lat: 38.71167, lon: -9.14417 }} />);
    await waitFor(() => {
      expect(tile()?.src).toMatch(/^https:\/\/[abc]\.tiles\.example\.org\/14\/\d+\/\d+\.png$/);
    });
    expect(get).toHaveBeenCalledWith('/map-tiles', expect.anything());
    expect(screen.getByRole('region', { name: 'Map of Tasca do Chico' }).getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('Example Maps')).toBeTruthy();
    expect(document.querySelector('.record-map-point')).not.toBeNull();
  });

  it('says in words when its tiles cannot be loaded, and still takes a tap as the point', async () => {
    const onPick = vi.fn();
    render(<LeafletMap label="Map of a new place" point={null} onPick={onPick} />);
    await waitFor(() => {
      expect(tile()).not.toBeNull();
    });
    expect(screen.queryByRole('status')).toBeNull();
    act(() => {
      fireEvent.error(tile()!);
    });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Map tiles could not be loaded; the place is saved without them. Tap the map to set its point, or choose a city.',
    );
    fireEvent.click(document.querySelector('.leaflet-container')!, { clientX: 0, clientY: 0 });
    expect(onPick).toHaveBeenCalledTimes(1);
    const [{ lat, lon }] = onPick.mock.calls[0] as [{ lat: number; lon: number }];
    expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    expect(Math.abs(lon)).toBeLessThanOrEqual(180);
  });

  it('says nothing of one tile lost among tiles loaded', async () => {
    render(<LeafletMap label="Map" point={{ lat: 38.7, lon: -9.1 }} />);
    await waitFor(() => {
      expect(tile()).not.toBeNull();
    });
    act(() => {
      fireEvent.load(tile()!);
    });
    act(() => {
      fireEvent.error(tile()!);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when the setting cannot be read, and still takes a tap as the point', async () => {
    vi.mocked(get).mockRejectedValue(new HttpError(503, 'unavailable', 'Down for a moment.'));
    const onPick = vi.fn();
    render(<LeafletMap label="Map of a new place" point={null} onPick={onPick} />);
    expect((await screen.findByRole('status')).textContent).toMatch(/^Map tiles could not be loaded/);
    expect(tile()).toBeNull();
    fireEvent.click(document.querySelector('.leaflet-container')!, { clientX: 0, clientY: 0 });
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('loads Leaflet only when a map is shown, with the screen working meanwhile', async () => {
    render(<PlaceMap label="Map of Tasca do Chico" point={{ lat: 38.7, lon: -9.1 }} />);
    expect(document.querySelector('.record-map-loading')).not.toBeNull();
    await waitFor(() => {
      expect(screen.getByRole('region', { name: 'Map of Tasca do Chico' })).toBeTruthy();
    });
  });
});
