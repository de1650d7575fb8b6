import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { speechEngineStandIn, type SpeechEngineStandIn } from '../../server/src/test/speech-engine';
import { chromiumLaunch } from '../playwright.config';
import { expect, test as base } from './fixtures';
import { register, seesSpanishPreview, signedIn, socketUp, type Member } from './members';

/** What the fake microphone says (espeak-ng's voice), and so what the stand-in engine hears. */
const SPOKEN = 'Good morning, my friend';

/**
 * The speech-to-text stand-in starts before the server (its address is in the server's
 * environment) and closes after it. `microphone` is a Chromium whose microphone plays espeak-ng
 * saying SPOKEN, over and over, with no prompt to allow it.
 */
const test = base.extend<object, { speechEngine: SpeechEngineStandIn; microphone: Browser }>({
  speechEngine: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const engine = await speechEngineStandIn(() => SPOKEN);
      await use(engine);
      await engine.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ speechEngine }, use) => {
      await use({ TOLK_STT_URL: speechEngine.url, TOLK_STT_MODEL: 'whisper-1' });
    },
    { scope: 'worker' },
  ],
  microphone: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-voice-e2e-'));
      const wav = path.join(dir, 'good-morning.wav');
      execFileSync('espeak-ng', ['-v', 'en', '-w', wav, SPOKEN]);
      const browser = await chromium.launch({
        executablePath: chromiumLaunch.executablePath,
        args: [
          ...chromiumLaunch.args,
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-audio-capture=${wav}`,
        ],
      });
      await use(browser);
      await browser.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

/** A member signed in on the Chromium with the fake microphone, allowed to use it. */
async function withMicrophone(microphone: Browser, baseURL: string, member: Member) {
  const signed = await signedIn(microphone, baseURL, member);
  await signed.context.grantPermissions(['microphone'], { origin: baseURL });
  return signed;
}

/** From the conversation list, a one-to-one chat with `username`; its path. */
async function startChat(page: Page, username: string, name: string): Promise<string> {
  await page.goto('/muses');
  await page.getByRole('button', { name: 'New chat' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Start chat' }).click();
  await expect(page).toHaveURL(/\/muses\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** Opens a chat and waits until its live updates reach the page. */
async function openLive(page: Page, threadPath: string) {
  const live = socketUp(page);
  await page.goto(threadPath);
  await live;
  await expect(page.getByRole('log')).toBeVisible();
}

/** Taps the microphone, lets it hear `ms` of speech, taps stop. */
async function record(page: Page, ms: number) {
  await page.getByRole('button', { name: 'Record a voice muse' }).click();
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel recording' })).toBeVisible();
  await expect(page.getByText(/Recording… \d:\d\d \/ 2:00/)).toBeVisible();
  await page.waitForTimeout(ms);
  await page.getByRole('button', { name: 'Stop recording' }).click();
}

/**
 * What a page gets for a recording with its own credentials: the status, the type and, for audio,
 * its decoded length and loudest sample (speech, not a silent track).
 */
function fetchRecording(page: Page, src: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok) return { status: response.status, type, seconds: 0, peak: 0 };
    const audio = await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(await response.arrayBuffer());
    let peak = 0;
    for (const sample of audio.getChannelData(0)) peak = Math.max(peak, Math.abs(sample));
    return { status: response.status, type, seconds: audio.duration, peak };
  }, src);
}

/** Plays a muse's recording with its button and waits until the audio element is really playing. */
async function playsAloud(muse: Locator) {
  const audio = muse.locator('audio.voice-audio');
  await audio.evaluate((element: HTMLAudioElement) => {
    element.addEventListener('playing', () => (element.dataset.played = 'yes'), { once: true });
  });
  await muse.getByRole('button', { name: /^Play voice muse/ }).click();
  await expect(audio).toHaveAttribute('data-played', 'yes');
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 5_000 })
    .toBeGreaterThan(0);
}

test('a voice muse: recorded in English, its transcript translated, heard and read in Spanish', async ({
  browser,
  microphone,
  request,
  server,
  speechEngine,
}) => {
  const anna = await register(request, 'anna', 'Anna', 'en');
  const lucia = await register(request, 'lucia', 'Lucía', 'es');
  const stranger = await register(request, 'ola', 'Ola', 'en');
  const english = await withMicrophone(microphone, server.url, anna);
  const spanish = await signedIn(browser, server.url, lucia);
  const outsider = await signedIn(browser, server.url, stranger);

  try {
    const threadPath = await startChat(english.page, lucia.username, 'Lucía');
    // Lucía has the chat open before Anna records: the muse reaches her live.
    await openLive(spanish.page, threadPath);
    const spanishLog = spanish.page.getByRole('log');
    // When the Spanish copy first shows on her screen, by the machine's clock.
    await spanish.page.evaluate(() => {
      const seen = () => document.querySelector('[role="log"]')?.textContent.includes('Buenos días, mi amigo');
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        (window as unknown as { spanishAt: number }).spanishAt = Date.now();
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    // When Anna's tap on stop lands, by the same clock.
    await english.page.evaluate(() => {
      document.addEventListener('click', () => ((window as unknown as { clickedAt: number }).clickedAt = Date.now()), {
        capture: true,
      });
    });

    await record(english.page, 2_500);
    const stoppedAt = await english.page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);

    // The recording went to the engine as WebM from the microphone, with Anna's language as the hint;
    // its words land in the composer, with the recording beside them.
    const textbox = english.page.getByRole('textbox', { name: 'Write in your language…' });
    await expect(textbox).toHaveValue(SPOKEN, { timeout: 15_000 });
    const heard = speechEngine.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.at(-1)!.fields.language).toBe('en');
    expect(heard.at(-1)!.file!.bytes.length).toBeGreaterThan(4_000);
    const recording = english.page.getByRole('group', { name: 'Voice muse' });
    await expect(recording.getByRole('button', { name: 'Remove recording' })).toBeVisible();
    await expect(recording).toContainText(/0:0[1-9]/);

    // As for a typed muse, Anna sees what Lucía will read, and that brought back into English.
    await seesSpanishPreview(english.page);
    await english.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(recording).toHaveCount(0);
    await expect(textbox).toHaveValue('');
    await expect(english.page.getByRole('log').locator('li.muse:not(.pending)', { hasText: SPOKEN })).toHaveCount(1);

    // Lucía reads it in Spanish, live, with the recording to play.
    const muse = spanishLog.locator('li.muse', { hasText: /Buenos días, mi amigo/ });
    await expect(muse).toHaveCount(1);
    const spanishAt = await spanish.page.evaluate(() => (window as unknown as { spanishAt?: number }).spanishAt);
    expect(spanishAt).toBeDefined();
    console.log(
      `voice e2e: ${spanishAt! - stoppedAt} ms from Anna's tap on stop to the Spanish copy on Lucía's screen ` +
        '(transcription, translation preview, her tap on Send and the live delivery)',
    );
    const player = muse.locator('.voice-player');
    await expect(player).toBeVisible();
    await expect(player).toContainText(/0:0[1-9]/);
    const src = await muse.locator('audio.voice-audio').getAttribute('src');
    expect(src).toMatch(/\/api\/voice\/[0-9a-f-]{36}$/);

    // The recording is Lucía's to hear: audio, about as long as Anna spoke, with speech in it.
    const fetched = await fetchRecording(spanish.page, src!);
    expect(fetched.status).toBe(200);
    expect(fetched.type).toMatch(/^audio\//);
    expect(fetched.seconds).toBeGreaterThan(1.5);
    expect(fetched.seconds).toBeLessThan(6);
    expect(fetched.peak).toBeGreaterThan(0.05);
    await playsAloud(muse);

    // Nobody outside the chat can fetch it.
    await outsider.page.goto('/muses');
    expect((await fetchRecording(outsider.page, src!)).status).toBe(404);
  } finally {
    await english.context.close();
    await spanish.context.close();
    await outsider.context.close();
  }
});

test('when the engine fails, the voice muse is still sent, without a transcript, and plays', async ({
  browser,
  microphone,
  request,
  server,
  speechEngine,
}) => {
  const anna = await register(request, 'anna', 'Anna', 'en');
  const lucia = await register(request, 'lucia', 'Lucía', 'es');
  const english = await withMicrophone(microphone, server.url, anna);
  const spanish = await signedIn(browser, server.url, lucia);
  speechEngine.failures.push('500');

  try {
    const threadPath = await startChat(english.page, lucia.username, 'Lucía');
    await record(english.page, 1_500);
    const recording = english.page.getByRole('group', { name: 'Voice muse' });
    await expect(recording).toContainText('No transcript: it will be sent as a voice muse without text.', {
      timeout: 15_000,
    });
    expect(speechEngine.failures).toHaveLength(0);
    const textbox = english.page.getByRole('textbox', { name: 'Write in your language…' });
    await expect(textbox).toHaveValue('');
    await english.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(recording).toHaveCount(0);

    await openLive(spanish.page, threadPath);
    const muse = spanish.page.getByRole('log').locator('li.muse', { hasText: 'No transcript' });
    await expect(muse).toHaveCount(1);
    await expect(muse.locator('.voice-player')).toContainText(/0:0[1-9]/);
    await playsAloud(muse);
  } finally {
    speechEngine.failures.length = 0;
    await english.context.close();
    await spanish.context.close();
  }
});
