import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslateInput, TranslateResponse } from '@tolk/shared/schemas/translation';
import type { MuseDetail } from '@tolk/shared/schemas/conversations';
import { get, HttpError, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import type { SendPlazaMuseInput } from '../api/send-plaza-muse';
import { translateAnswer, translateCalls } from '../../draft-preview/test-translator';
import { aMuseDetail, PLAZA_ID } from '../test-factories';
import { PlazaComposer } from './plaza-composer';
import {
  installRecognizer,
  installRecorder,
  secureContext,
  uninstallRecorder,
  uninstallSpeech,
} from '../../speech/test-speech';

// Sending a muse is one POST, the draft preview's translations (POST /translate) the others.
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));

const postMock = vi.mocked(post<MuseDetail | TranslateResponse>);
/** Every POST but the preview's translations: sending the muse. */
const sendMock = vi.fn<(url: string, body: unknown) => Promise<MuseDetail>>();
/** The muse sent by the nth POST, checked to go to this plaza's muses. */
const sentBody = (index: number) => {
  const [url, body] = sendMock.mock.calls[index] ?? [];
  expect(url).toBe(`/plazas/${PLAZA_ID}/muses`);
  return body as SendPlazaMuseInput | undefined;
};
const VERSIONS = {
  'Buenos días, amigo': { en: 'Good morning, friend' },
  'Good morning, friend': { es: 'Buenos días, amigo mío' },
};

beforeAll(async () => {
  await initI18n();
});

/** GET /speech: which engines the server has (none, unless a test says otherwise). */
const engines = { transcribe: false, synthesize: false };

beforeEach(() => {
  engines.transcribe = false;
  vi.mocked(get).mockReset();
  vi.mocked(get).mockImplementation((url: string) =>
    url === '/speech' ? Promise.resolve({ ...engines }) : Promise.reject(new Error(`unexpected GET ${url}`)),
  );
  sendMock.mockReset();
  postMock.mockReset();
  localStorage.clear();
  postMock.mockImplementation((url: string, body: unknown) =>
    url === '/translate' ? Promise.resolve(translateAnswer(VERSIONS, body as TranslateInput)) : sendMock(url, body),
  );
});

function renderComposer(
  props: { maxLength?: number; sendSide?: boolean; guest?: boolean; otherLanguage?: string } = {},
) {
  const onSent = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PlazaComposer
        plazaId={PLAZA_ID}
        side="audience"
        sideLabel="My audience"
        language="es"
        otherLanguage={props.otherLanguage ?? 'en'}
        maxLength={props.maxLength ?? 500}
        guest={props.guest ?? true}
        sendSide={props.sendSide ?? true}
        onSent={onSent}
      />
    </QueryClientProvider>,
  );
  return { onSent, input: screen.getByRole('textbox') };
}

describe('PlazaComposer', () => {
  it('shows, as the member types, what the other side will read and that translated back', async () => {
    const { input } = renderComposer();
    await userEvent.type(input, 'Buenos días, amigo');

    // The Spanish speaker reads their own words as the English reader's text brings them back.
    expect(await screen.findByText('Buenos días, amigo mío')).toBeTruthy();
    expect(screen.getByText('Good morning, friend').getAttribute('lang')).toBe('en');
    expect(screen.getByText('Back in your language, from the English version:')).toBeTruthy();
    // One pause, one request for the other side's language and one back: not one per keystroke.
    expect(translateCalls(postMock.mock.calls)).toEqual([
      { from: 'es', to: 'en', text: 'Buenos días, amigo' },
      { from: 'en', to: 'es', text: 'Good morning, friend' },
    ]);

    // Another word: the versions no longer describe the draft, and say so until the next pause.
    await userEvent.type(input, '!');
    expect(screen.getByText('Good morning, friend').closest('li')?.className).toBe('stale');
    // Typing twenty characters one by one and a debounce: more than the default 5 s on a busy machine.
  }, 15_000);

  it('has no preview while their language is still to be detected', async () => {
    renderComposer({ otherLanguage: 'auto' });
    await userEvent.type(screen.getByRole('textbox'), 'Hello');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(translateCalls(postMock.mock.calls)).toEqual([]);
    expect(screen.queryByRole('region', { name: 'What they will read' })).toBeNull();
  });

  it('sends as the side it belongs to, with one client id per draft', async () => {
    sendMock.mockResolvedValue(aMuseDetail(1, [], { side: 'audience', text: 'Hola', from: 'es' }));
    const { input, onSent } = renderComposer();
    await userEvent.type(input, 'Hola{Enter}');
    await waitFor(() => {
      expect(onSent).toHaveBeenCalledTimes(1);
    });
    const body = sentBody(0);
    expect(body).toMatchObject({ text: 'Hola', side: 'audience' });
    // The server tells the language: English typed in this Spanish half must not be labelled Spanish.
    expect(body && 'from' in body).toBe(false);
    expect(body?.clientId.length).toBeGreaterThanOrEqual(8);
    expect(input).toHaveProperty('value', '');
  });

  it('keeps the draft and its client id when sending fails, and explains a guest limit', async () => {
    sendMock.mockRejectedValueOnce(new HttpError(429, 'rate_limited', 'Too many', {}, 30));
    sendMock.mockResolvedValueOnce(aMuseDetail(1, []));
    const { input } = renderComposer({ sendSide: false });
    await userEvent.type(input, 'Hola{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have reached the limit for guests. Try again in 30 seconds, or create a free account.',
    );
    expect(input).toHaveProperty('value', 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => {
      expect(sendMock).toHaveBeenCalledTimes(2);
    });
    const first = sentBody(0);
    const second = sentBody(1);
    expect(second?.clientId).toBe(first?.clientId);
    // On a joined device the server knows the side.
    expect(first && 'side' in first).toBe(false);
  });

  it('tells a member about their own limit, without asking them to sign up', async () => {
    sendMock.mockRejectedValueOnce(new HttpError(429, 'rate_limited', 'Too many', {}, 12));
    const { input } = renderComposer({ guest: false });
    await userEvent.type(input, 'Hola{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have reached the limit for now. Try again in 12 seconds.',
    );
  });

  it('shows a counter only near the limit', async () => {
    const { input } = renderComposer({ maxLength: 10 });
    await userEvent.type(input, 'Hola');
    expect(screen.queryByText('4 / 10')).toBeNull();
    await userEvent.type(input, ' amigo');
    expect(screen.getByText('10 / 10')).toBeTruthy();
    expect(input).toHaveProperty('maxLength', 10);
  });
});

describe('PlazaComposer voice input where the browser will not listen', () => {
  let recognizer: ReturnType<typeof installRecognizer>;
  beforeEach(() => {
    recognizer = installRecognizer();
  });
  afterEach(uninstallSpeech);

  it('tells a phone on a plain-HTTP LAN address that voice needs https, and that typing works', async () => {
    secureContext(false);
    render(<ToastContainer />);
    renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Speak' }));
    expect(
      await screen.findByText(
        "Voice input needs a secure (https) address or this device's own localhost. Typing works here.",
      ),
    ).toBeTruthy();
    expect(recognizer.instances).toHaveLength(0);
  });

  it('tells the speaker when the microphone was refused', async () => {
    secureContext(true);
    render(<ToastContainer />);
    renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Speak' }));
    expect(recognizer.instances).toHaveLength(1);
    act(() => {
      recognizer.instances[0]?.onerror?.({ error: 'not-allowed' });
    });
    expect(
      await screen.findByText(
        "The microphone was not allowed. Allow it in the browser's site settings, or type instead.",
      ),
    ).toBeTruthy();
    // The button is back to "Speak", not stuck listening.
    expect(screen.getByRole('button', { name: 'Speak' })).toBeTruthy();
  });
});

describe('PlazaComposer voice input through the server’s engine', () => {
  afterEach(() => {
    uninstallRecorder();
    uninstallSpeech();
  });

  it('records a member, has the server transcribe it in the side’s language, and puts the words in the draft', async () => {
    engines.transcribe = true;
    installRecorder();
    const transcriptions: FormData[] = [];
    postMock.mockImplementation((url: string, body: unknown) => {
      if (url === '/speech/transcriptions') {
        transcriptions.push(body as FormData);
        return Promise.resolve({ text: 'Buenos días, amigo', language: 'es' } as never);
      }
      return url === '/translate'
        ? Promise.resolve(translateAnswer(VERSIONS, body as TranslateInput))
        : sendMock(url, body);
    });
    renderComposer({ guest: false });
    await waitFor(() => {
      expect(get).toHaveBeenCalledWith('/speech');
    });
    // The recorder's microphone replaces the browser's once the server says it has an engine.
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Speak' }).className).toContain('recorder');
    });
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Speak' }));
    });
    await userEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    await waitFor(() => {
      expect(screen.getByRole('textbox')).toHaveProperty('value', 'Buenos días, amigo');
    });
    expect(transcriptions[0]?.get('language')).toBe('es');
    expect(transcriptions[0]?.get('audio')).toBeInstanceOf(Blob);
  });

  it('tells a guest on a browser without recognition that nothing here turns speech into text', async () => {
    installRecorder();
    renderComposer({ guest: true });
    await userEvent.click(screen.getByRole('button', { name: 'Speak' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'This browser cannot turn speech into text, and this server has no speech-to-text engine. Type instead.',
    );
    expect(get).not.toHaveBeenCalled();
  });
});
