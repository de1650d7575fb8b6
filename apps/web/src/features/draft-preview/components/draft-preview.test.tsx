import { useState } from 'react';
import type { AxiosRequestConfig, GenericAbortSignal } from 'axios';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranslateInput, TranslateResponse } from '@tolk/shared/schemas/translation';
import { HttpError, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { translateAnswer, translateCalls, type Versions } from '../test-translator';
import { PREVIEW_DEBOUNCE_MS, type DraftReader } from '../preview-languages';
import { DraftPreview } from './draft-preview';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  post: vi.fn(),
}));
const postMock = vi.mocked(post<TranslateResponse>);

const VERSIONS: Versions = {
  'Where is the station?': { es: '¿Dónde está la estación?', fr: 'Où est la gare ?', de: null },
  '¿Dónde está la estación?': { en: 'Where is the station?' },
  'Where is the': { es: '¿Dónde es el?', fr: 'Où est le ?' },
  '¿Dónde es el?': { en: 'Where is the?' },
};

function answerFrom(versions: Versions, detected = 'en') {
  postMock.mockImplementation((_url: string, body: unknown) =>
    Promise.resolve(translateAnswer(versions, body as TranslateInput, detected)),
  );
}

/** A composer's textarea with the preview under it, as both composers mount it. */
function Harness({ readers, from }: { readers: DraftReader[]; from?: string }) {
  const [text, setText] = useState('');
  return (
    <>
      <textarea
        aria-label="Draft"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
      />
      <DraftPreview text={text} from={from} readers={readers} backTo="en" />
    </>
  );
}

function renderPreview(readers: DraftReader[], from: string | null = 'en') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness readers={readers} from={from ?? undefined} />
    </QueryClientProvider>,
  );
}

/** Types `text` one character at a time, `gapMs` apart, as a member does. */
async function typeSlowly(text: string, gapMs = 100, from = '') {
  for (let length = from.length + 1; length <= text.length; length++) {
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: text.slice(0, length) } });
    await act(() => vi.advanceTimersByTimeAsync(gapMs));
  }
}

const pause = async () => {
  await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS + 50));
  await act(() => vi.advanceTimersByTimeAsync(50));
};
const calls = () => translateCalls(postMock.mock.calls);
const SPANISH_AND_FRENCH: DraftReader[] = [{ language: 'es' }, { language: 'fr' }];

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  vi.useFakeTimers();
  postMock.mockReset();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DraftPreview', () => {
  it('asks once per language after a burst of keystrokes, and shows each version and the way back', async () => {
    answerFrom(VERSIONS);
    renderPreview(SPANISH_AND_FRENCH);
    await typeSlowly('Where is the station?'.slice(0, 10), 100);
    expect(calls()).toEqual([]);
    await typeSlowly('Where is the station?', 100, 'Where is t');
    expect(calls()).toEqual([]);
    await pause();

    expect(calls()).toEqual([
      { from: 'en', to: 'es', text: 'Where is the station?' },
      { from: 'en', to: 'fr', text: 'Where is the station?' },
      // Back from the first language's version, as its readers get it.
      { from: 'es', to: 'en', text: '¿Dónde está la estación?' },
    ]);
    expect(screen.getByText('¿Dónde está la estación?').getAttribute('lang')).toBe('es');
    expect(screen.getByText('Où est la gare ?')).toBeTruthy();
    expect(screen.getByText('Back in your language, from the Spanish version:')).toBeTruthy();
    expect(screen.getByText('Where is the station?', { selector: 'p' }).getAttribute('lang')).toBe('en');
  });

  it('never asks for a language nobody reads, nor for one its readers read as written', async () => {
    answerFrom(VERSIONS);
    renderPreview([{ language: 'es' }, { language: 'en' }, { language: 'fr', readsWithout: ['en'] }]);
    await typeSlowly('Where is the station?', 20);
    await pause();
    // Spanish only, and the way back from it: the English reader and the French one (who reads
    // English as written) cost nothing.
    expect(calls()).toEqual([
      { from: 'en', to: 'es', text: 'Where is the station?' },
      { from: 'es', to: 'en', text: '¿Dónde está la estación?' },
    ]);
    expect(screen.queryByText('Où est la gare ?')).toBeNull();
    expect(screen.queryByText('French')).toBeNull();
  });

  it('asks for the languages behind "+N" only when they are opened, and says plainly which one is unavailable', async () => {
    answerFrom(VERSIONS);
    renderPreview([{ language: 'es' }, { language: 'fr' }, { language: 'de' }]);
    await typeSlowly('Where is the station?', 20);
    await pause();
    expect(calls().map((call) => call.to)).toEqual(['es', 'fr', 'en']);
    const more = screen.getByRole('button', { name: 'More languages: German' });
    expect(more.textContent).toContain('+1');

    fireEvent.click(more);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(calls().map((call) => call.to)).toEqual(['es', 'fr', 'en', 'de']);
    const german = screen.getByText('German').closest('li');
    expect(german?.textContent).toBe('GermanUnavailable');
    // The others stand.
    expect(screen.getByText('¿Dónde está la estación?')).toBeTruthy();
    expect(screen.getByText('Où est la gare ?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fewer languages' })).toBeTruthy();
  });

  it('cancels a request when the member types on, and never lets its late answer replace a newer one', async () => {
    const pending: { body: TranslateInput; signal: GenericAbortSignal | undefined; resolve: () => void }[] = [];
    postMock.mockImplementation(
      (_url: string, body: unknown, config?: AxiosRequestConfig) =>
        new Promise((resolve) => {
          const input = body as TranslateInput;
          pending.push({
            body: input,
            signal: config?.signal,
            resolve: () => {
              resolve(translateAnswer(VERSIONS, input));
            },
          });
        }),
    );
    renderPreview([{ language: 'es' }]);
    await typeSlowly('Where is the', 20);
    await pause();
    expect(pending.map((request) => request.body.texts[0])).toEqual(['Where is the']);

    // A keystroke while "Where is the" is on its way: that request is called off at once.
    await typeSlowly('Where is the station?', 20, 'Where is the');
    expect(pending[0]?.signal?.aborted).toBe(true);
    await pause();
    pending[1]?.resolve();
    await act(() => vi.advanceTimersByTimeAsync(10));
    pending[2]?.resolve();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('¿Dónde está la estación?')).toBeTruthy();

    // The first answer arrives last: it describes a draft that no longer is, and changes nothing.
    pending[0]?.resolve();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByText('¿Dónde es el?')).toBeNull();
    expect(screen.getByText('¿Dónde está la estación?')).toBeTruthy();
  });

  it('keeps the last versions, marked stale, while the member types on and until the new ones come', async () => {
    answerFrom(VERSIONS);
    renderPreview([{ language: 'es' }]);
    await typeSlowly('Where is the', 20);
    await pause();
    expect(screen.getByText('¿Dónde es el?').closest('li')?.className).toBe('');
    await typeSlowly('Where is the st', 20, 'Where is the');
    expect(screen.getByText('¿Dónde es el?').closest('li')?.className).toBe('stale');
    expect(screen.getByRole('region', { name: 'What they will read' }).getAttribute('aria-busy')).toBe('true');

    // The pause came and the engine is slow: the last version stays, still marked, not a blank.
    postMock.mockImplementation(() => new Promise(() => undefined));
    await pause();
    expect(screen.getByRole('region', { name: 'What they will read' }).getAttribute('aria-busy')).toBe('false');
    expect(screen.getByText('¿Dónde es el?').closest('li')?.className).toBe('stale');
    expect(screen.getByText('Where is the?').closest('div')?.className).toBe('draft-preview-back stale');
  });

  it('folds away, asks nothing folded, and this device remembers it', async () => {
    answerFrom(VERSIONS);
    const first = renderPreview(SPANISH_AND_FRENCH);
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: 'Where is the' } });
    await pause();
    expect(calls()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Hide what they will read' }));
    expect(localStorage.getItem(STORAGE_KEYS.draftPreview)).toBe('folded');
    expect(screen.queryByText('¿Dónde es el?')).toBeNull();
    await typeSlowly('Where is the station?', 20, 'Where is the');
    await pause();
    expect(calls()).toHaveLength(3);
    first.unmount();

    // Another chat, another day: still folded until opened.
    renderPreview(SPANISH_AND_FRENCH);
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: 'Where is the' } });
    await pause();
    expect(calls()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show what they will read' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(localStorage.getItem(STORAGE_KEYS.draftPreview)).toBeNull();
    expect(screen.getByText('¿Dónde es el?')).toBeTruthy();
  });

  it('shows a small retry line when a request fails, and the retry brings the preview', async () => {
    postMock.mockRejectedValueOnce(new HttpError(0, 'network', 'Network Error'));
    postMock.mockImplementation((_url: string, body: unknown) =>
      Promise.resolve(translateAnswer(VERSIONS, body as TranslateInput)),
    );
    renderPreview([{ language: 'es' }]);
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: 'Where is the' } });
    await pause();
    expect(screen.getByRole('status').textContent).toBe('The preview did not load. Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText('¿Dónde es el?')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('with the language left to detection, drops the readers of the detected language once the server names it', async () => {
    answerFrom(
      {
        'Où est la gare ?': { es: '¿Dónde está la estación?' },
        '¿Dónde está la estación?': { en: 'Where is the station?' },
      },
      'fr',
    );
    renderPreview([{ language: 'fr' }, { language: 'es' }, { language: 'de' }], null);
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: 'Où est la gare ?' } });
    await pause();
    // First without a language (the server detects it), then the French readers need nothing.
    expect(calls().slice(0, 2)).toEqual([
      { from: undefined, to: 'fr', text: 'Où est la gare ?' },
      { from: undefined, to: 'es', text: 'Où est la gare ?' },
    ]);
    expect(screen.queryByText('French')).toBeNull();
    expect(screen.getByText('¿Dónde está la estación?')).toBeTruthy();
    expect(screen.getByText('German')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /More languages/ })).toBeNull();
  });

  it('says so when everyone reads the draft as written, and asks nothing', async () => {
    answerFrom(VERSIONS);
    renderPreview([{ language: 'en' }, { language: 'es', readsWithout: ['en'] }]);
    fireEvent.change(screen.getByLabelText('Draft'), { target: { value: 'Where is the' } });
    await pause();
    expect(calls()).toEqual([]);
    expect(screen.getByText('Everyone here reads it as you wrote it.')).toBeTruthy();
  });
});
