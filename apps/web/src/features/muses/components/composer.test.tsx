import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslateInput, TranslateResponse } from '@tolk/shared/schemas/translation';
import type { RealtimeSocket } from '../../../lib/realtime';
import { HttpError, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { translateAnswer, translateCalls } from '../../draft-preview/test-translator';
import type * as UploadPhotoModule from '../api/upload-photo';
import { uploadPhoto } from '../api/upload-photo';
import { CONVERSATION_ID } from '../test-factories';
import { Composer } from './composer';
import { installRecorder, secureContext, uninstallRecorder, uninstallSpeech } from '../../speech/test-speech';

function uninstallSpeechAndRecorder() {
  uninstallRecorder();
  uninstallSpeech();
}

vi.mock('../api/upload-photo', async (original) => ({
  ...(await original<typeof UploadPhotoModule>()),
  uploadPhoto: vi.fn(),
}));

// The draft preview's POST /translate, answered as the server would.
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  post: vi.fn(),
}));
const postMock = vi.mocked(post<TranslateResponse>);

/**
 * A composer as the thread mounts it, for a chat with one Spanish reader, under a query client
 * (its draft preview asks through it).
 */
function renderComposer({ socket, onSend = vi.fn() }: { socket?: RealtimeSocket; onSend?: () => void } = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Composer
        conversationId={CONVERSATION_ID}
        socket={socket}
        onSend={onSend}
        readers={[{ language: 'es', readsWithout: [] }]}
        readingLanguage="en"
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  postMock.mockReset();
  postMock.mockImplementation((_url: string, body: unknown) =>
    Promise.resolve(
      translateAnswer(
        { 'Good morning': { es: 'Buenos días' }, 'Buenos días': { en: 'Good day' } },
        body as TranslateInput,
      ),
    ),
  );
});

beforeAll(async () => {
  await initI18n();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
});

function fakeSocket() {
  const emit = vi.fn();
  const socket = { connected: true, volatile: { emit } } as unknown as RealtimeSocket;
  return { socket, emit };
}

const textbox = () => screen.getByRole('textbox', { name: 'Write in your language…' });

describe('Composer', () => {
  it('sends the trimmed text with the chosen language and clears itself', () => {
    const onSend = vi.fn();
    renderComposer({ onSend });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Language of this muse'), { target: { value: 'es' } });
    fireEvent.change(textbox(), { target: { value: '  Hola amigo  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ text: 'Hola amigo', from: 'es', photo: null, voice: null });
    expect(textbox()).toHaveProperty('value', '');
  });

  it('leaves the language to detection by default', () => {
    const onSend = vi.fn();
    renderComposer({ onSend });
    expect(screen.getByLabelText('Language of this muse')).toHaveProperty('value', '');
    fireEvent.change(textbox(), { target: { value: 'Hello' } });
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith({ text: 'Hello', from: undefined, photo: null, voice: null });
  });

  it('tells the others I am typing at most every few seconds, and that I stopped', () => {
    vi.useFakeTimers();
    const { socket, emit } = fakeSocket();
    renderComposer({ socket });
    for (const value of ['H', 'He', 'Hel', 'Hell', 'Hello']) fireEvent.change(textbox(), { target: { value } });
    expect(emit.mock.calls).toEqual([['typing', { conversationId: CONVERSATION_ID, typing: true }]]);

    act(() => {
      vi.advanceTimersByTime(3500);
    });
    fireEvent.change(textbox(), { target: { value: 'Hello!' } });
    expect(emit).toHaveBeenCalledTimes(2);

    act(() => {
      vi.advanceTimersByTime(4500);
    });
    expect(emit.mock.calls.at(-1)).toEqual(['typing', { conversationId: CONVERSATION_ID, typing: false }]);
  });

  it('refuses photos of the wrong type or over 10 MB before uploading anything', () => {
    renderComposer();
    const input = screen.getByLabelText('Attach a photo');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert').textContent).toBe('Photos can be JPEG, PNG or WebP.');

    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe('Photos can be up to 10 MB.');
    expect(uploadPhoto).not.toHaveBeenCalled();
  });

  it('uploads a photo first and sends the muse with it once uploaded', async () => {
    const photo = {
      id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      url: '/api/uploads/p',
      thumbUrl: '/api/uploads/p/thumb',
      width: 4,
      height: 3,
    };
    let finish: (value: typeof photo) => void = () => undefined;
    vi.mocked(uploadPhoto).mockReturnValueOnce(
      new Promise((resolve) => {
        finish = resolve;
      }),
    );
    const onSend = vi.fn();
    renderComposer({ onSend });
    fireEvent.change(screen.getByLabelText('Attach a photo'), {
      target: { files: [new File(['x'], 'harbour.webp', { type: 'image/webp' })] },
    });
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    await act(async () => {
      finish(photo);
      await Promise.resolve();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ text: '', from: undefined, photo, voice: null });
  });

  it('shows the Spanish reader’s version of the draft and the way back, before it is sent', async () => {
    renderComposer();
    fireEvent.change(textbox(), { target: { value: 'Good morning' } });
    expect(await screen.findByText('Buenos días')).toBeTruthy();
    expect(await screen.findByText('Good day')).toBeTruthy();
    // Detected on the server: the language select was left on "detect".
    expect(translateCalls(postMock.mock.calls)).toEqual([
      { from: undefined, to: 'es', text: 'Good morning' },
      { from: 'es', to: 'en', text: 'Buenos días' },
    ]);
  });
});

describe('Composer voice muses', () => {
  const CLIP_ID = '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
  /** POST /voice answers this clip (the server's transcript, or null without an engine). */
  function answerVoice(transcript: string | null) {
    const uploads: FormData[] = [];
    postMock.mockImplementation((url: string, body: unknown) => {
      if (url === '/voice') {
        uploads.push(body as FormData);
        return Promise.resolve({ id: CLIP_ID, durationMs: 2_000, transcript, language: 'en' } as never);
      }
      return Promise.resolve(translateAnswer({ 'Good morning': { es: 'Buenos días' } }, body as TranslateInput));
    });
    return uploads;
  }
  afterEach(uninstallSpeechAndRecorder);

  async function recordAndStop() {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Record a voice muse' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('timer').textContent).toMatch(/^Recording… 0:00 \/ 2:00$/);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
      await Promise.resolve();
    });
  }

  it('records, puts the transcript in the draft to check, and sends text and recording together', async () => {
    installRecorder();
    const uploads = answerVoice('Good morning');
    const onSend = vi.fn();
    renderComposer({ onSend });
    await recordAndStop();
    await vi.waitFor(() => {
      expect(textbox()).toHaveProperty('value', 'Good morning');
    });
    const upload = uploads[0]!;
    expect(upload.get('audio')).toBeInstanceOf(Blob);
    expect(Number(upload.get('durationMs'))).toBeGreaterThanOrEqual(1);
    const chip = screen.getByRole('group', { name: 'Voice muse' });
    expect(chip.textContent).not.toContain('No transcript');
    // The member corrects the transcript before sending: what they checked is the muse's text.
    fireEvent.change(textbox(), { target: { value: 'Good morning, friend' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({
      text: 'Good morning, friend',
      from: undefined,
      photo: null,
      voice: { id: CLIP_ID, durationMs: 2_000 },
    });
    expect(screen.queryByRole('group', { name: 'Voice muse' })).toBeNull();
  });

  it('sends a recording without a transcript as a voice muse, saying so first', async () => {
    installRecorder();
    answerVoice(null);
    const onSend = vi.fn();
    renderComposer({ onSend });
    await recordAndStop();
    expect(await screen.findByText('No transcript: it will be sent as a voice muse without text.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({
      text: '',
      from: undefined,
      photo: null,
      voice: { id: CLIP_ID, durationMs: 2_000 },
    });
  });

  it('keeps a recording whose upload failed, for another try', async () => {
    installRecorder();
    postMock.mockImplementation((url: string) =>
      url === '/voice'
        ? Promise.reject(new HttpError(429, 'rate_limited', 'You have made 100 recordings today.', {}, 36_000))
        : Promise.resolve({ results: [] }),
    );
    const onSend = vi.fn();
    renderComposer({ onSend });
    await recordAndStop();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The recording was not saved: .*10 hours/);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    answerVoice('Good morning');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await Promise.resolve();
    });
    await vi.waitFor(() => {
      expect(textbox()).toHaveProperty('value', 'Good morning');
    });
  });

  it('says why the microphone cannot work on plain HTTP, and types on', () => {
    installRecorder();
    secureContext(false);
    renderComposer();
    fireEvent.click(screen.getByRole('button', { name: 'Record a voice muse' }));
    expect(screen.getByRole('alert').textContent).toBe(
      "Voice input needs a secure (https) address or this device's own localhost. Typing works here.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the microphone was refused', async () => {
    installRecorder({ refuse: 'NotAllowedError' });
    renderComposer();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Record a voice muse' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toContain('The microphone was not allowed.');
  });
});
