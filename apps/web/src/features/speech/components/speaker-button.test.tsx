import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { WithQueryClient } from '../../../lib/test-render';
import { SpeakerButton } from './speaker-button';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));

const spoken: { text: string; lang: string }[] = [];

/** A device whose speech synthesis has voices for these languages. */
function deviceVoices(...languages: string[]) {
  const voices = languages.map((lang) => ({ lang, localService: true, name: `voice ${lang}` }));
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => voices,
    speak: (utterance: { text: string; lang: string }) => spoken.push(utterance),
    cancel: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  });
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      voice: unknown;
      lang = '';
      rate = 1;
      constructor(readonly text: string) {}
    },
  );
}

beforeAll(async () => {
  await initI18n();
  URL.createObjectURL = vi.fn(() => 'blob:speech');
  URL.revokeObjectURL = vi.fn();
  // jsdom plays no media: a player released on unmount pauses a no-op.
  HTMLMediaElement.prototype.pause = vi.fn();
});
beforeEach(() => {
  spoken.length = 0;
  vi.mocked(get).mockReset();
  vi.mocked(post).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSpeaker(allowServer: boolean) {
  render(
    <>
      <ToastContainer />
      <SpeakerButton text="Buenos días" language="es" allowServer={allowServer} />
    </>,
    { wrapper: WithQueryClient },
  );
}

describe('SpeakerButton', () => {
  it('reads the text with the device’s voice for its language', async () => {
    deviceVoices('en-US', 'es-ES');
    renderSpeaker(true);
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(spoken).toEqual([expect.objectContaining({ text: 'Buenos días', lang: 'es-ES' })]);
    // A device voice needs no server engine: nothing was asked of it.
    expect(get).not.toHaveBeenCalled();
  });

  it('says plainly when the device has no voice for the language and the server has none either', async () => {
    deviceVoices('en-US');
    vi.mocked(get).mockResolvedValue({ transcribe: false, synthesize: false });
    renderSpeaker(true);
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(
      await screen.findByText(
        "This device has no voice for Spanish, so it cannot read this aloud. Add one in the device's speech settings.",
      ),
    ).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/speech');
    expect(post).not.toHaveBeenCalled();
  });

  it('has the server’s engine read it when the device has no voice', async () => {
    deviceVoices('en-US');
    vi.mocked(get).mockResolvedValue({ transcribe: false, synthesize: true });
    vi.mocked(post).mockResolvedValue(new Blob(['ID3'], { type: 'audio/mpeg' }));
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
    renderSpeaker(true);
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    await waitFor(() => {
      expect(play).toHaveBeenCalled();
    });
    expect(post).toHaveBeenCalledWith(
      '/speech/synthesis',
      { text: 'Buenos días', language: 'es' },
      { responseType: 'blob' },
    );
  });

  it('never asks the server for a guest (its routes are members’ only)', async () => {
    deviceVoices();
    renderSpeaker(false);
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(await screen.findByText(/This device has no voice for Spanish/)).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });
});
