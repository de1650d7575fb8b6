import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import LeafletMap from './leaflet-map';
import { PlaceMap } from './place-map';

beforeAll(async () => {
  await initI18n();
  await chooseUiLanguage('en');
});

const tile = () => document.querySelector<HTMLImageElement>('img.leaflet-tile');

// The real Leaflet, in jsdom: it lays out its tiles and works out clicks without loading any image.
describe('a place’s map', () => {
  it('asks the tile server of the build (OpenStreetMap by default) and credits it', () => {
    render(<LeafletMap label="Map of Tasca do Chico" point={{ lat: 38.71167, lon: -9.14417 }} />);
    expect(tile()?.src).toMatch(/^https:\/\/tile\.openstreetmap\.org\/14\/\d+\/\d+\.png$/);
    expect(screen.getByRole('region', { name: 'Map of Tasca do Chico' }).getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('OpenStreetMap')).toBeTruthy();
    expect(document.querySelector('.record-map-point')).not.toBeNull();
  });

  it('says in words when its tiles cannot be loaded, and still takes a tap as the point', async () => {
    const onPick = vi.fn();
    render(<LeafletMap label="Map of a new place" point={null} onPick={onPick} />);
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
    act(() => {
      fireEvent.load(tile()!);
    });
    act(() => {
      fireEvent.error(tile()!);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('loads Leaflet only when a map is shown, with the screen working meanwhile', async () => {
    render(<PlaceMap label="Map of Tasca do Chico" point={{ lat: 38.7, lon: -9.1 }} />);
    expect(document.querySelector('.record-map-loading')).not.toBeNull();
    await waitFor(() => {
      expect(screen.getByRole('region', { name: 'Map of Tasca do Chico' })).toBeTruthy();
    });
  });
});
