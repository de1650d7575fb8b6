import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apertiumInstalled } from '../../../config';
import { normaliseText, splitProtected } from '../protected-text';
import { ApertiumPipeline, createApertiumEngine, discoverModes } from './apertium';
import { decodeStream } from './apertium-stream';
import { EngineError, type TranslationEngine } from './engine';

const MODES_DIR = '/usr/share/apertium/modes';
const skipReason = apertiumInstalled(MODES_DIR)
  ? undefined
  : 'apertium is not installed (apt-get install apertium apertium-eng-spa ...)';
if (skipReason) console.warn(`apertium engine: skipped, ${skipReason}`);

const never = () => new AbortController().signal;
const texts = (...values: string[]) => values.map((value) => splitProtected(normaliseText(value)));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the Apertium stream format', () => {
  it('reads escapes, placeholders and empty superblanks back', () => {
    expect(decodeStream(' Visita [p0] con \\@ana\\[1\\] [p1].[]')).toEqual([' Visita ', 0, ' con @ana[1] ', 1, '.']);
  });
});

describe.skipIf(skipReason)('the local Apertium engine', () => {
  let engine: TranslationEngine;
  beforeAll(() => {
    engine = createApertiumEngine({ modesDir: MODES_DIR });
  });
  afterAll(async () => {
    await engine.close?.();
  });

  it('finds the installed pairs, in our codes, without variants', async () => {
    const pairs = (await engine.languagePairs(never())).map((p) => `${p.from}-${p.to}`).sort();
    expect(pairs).toEqual(['en-es', 'es-en', 'es-fr', 'es-it', 'es-pt', 'fr-es', 'it-es', 'pt-es']);
    const modes = await discoverModes(MODES_DIR);
    expect(modes.find((m) => m.pair.from === 'en')?.file).toBe(path.join(MODES_DIR, 'eng-spa.mode'));
    expect(modes.find((m) => m.pair.from === 'es' && m.pair.to === 'pt')?.file).toBe(
      path.join(MODES_DIR, 'es-pt.mode'),
    );
  });

  it('translates a batch, one answer per text, in order', async () => {
    const result = await engine.translate(
      { from: 'en', to: ['es'], texts: texts('Hello, my friend', 'I see the dog.', 'Thank you very much') },
      never(),
    );
    expect(result).toEqual([['Hola, mi amigo'], ['Veo el perro.'], ['Muchas gracias']]);
  });

  it('writes unknown words as they are, without Apertium’s * marks', async () => {
    const [[text]] = (await engine.translate(
      { from: 'en', to: ['es'], texts: texts('The flibbertigibbet ate.') },
      never(),
    )) as [[string]];
    expect(text).toContain('flibbertigibbet');
    expect(text).not.toMatch(/[*#@]/);
  });

  it('keeps protected parts in place and line breaks between lines', async () => {
    const [[text]] = (await engine.translate(
      { from: 'en', to: ['es'], texts: texts('I have 3 dogs and @ana has 2 cats 😀\n\nSee https://x.org/[a] now.') },
      never(),
    )) as [[string]];
    expect(text).toBe('Tengo 3 perros y @ana tiene 2 gatos 😀\n\nVe https://x.org/[a] ahora.');
  });

  it('escapes characters the stream format reserves', async () => {
    const [[text]] = (await engine.translate(
      { from: 'en', to: ['es'], texts: [[{ kind: 'text', value: 'The house [big] ^costs$ a/b {c} <d> \\ e' }]] },
      never(),
    )) as [[string]];
    expect(text).toBe('La casa [grande] ^costes$ un/b {c} <d> \\ e');
  });

  it('translates Spanish into French, Portuguese and Italian', async () => {
    const result = await engine.translate(
      { from: 'es', to: ['fr', 'pt', 'it'], texts: texts('Buenos días, amigo.') },
      never(),
    );
    expect(result[0]).toEqual(['Bonjour, Ami.', 'Bons dias, amigo.', 'Buongiorno, amico.']);
  });
});

describe.skipIf(skipReason)('one long-lived pipeline per pair', () => {
  const mode = path.join(MODES_DIR, 'eng-spa.mode');
  const segment = (text: string) => `${text}[]`;

  it('answers concurrent jobs in order from one process', async () => {
    const pipeline = new ApertiumPipeline(mode);
    const answers = await Promise.all(
      ['Hello', 'Good morning', 'The cat'].map((text) => pipeline.translate([segment(text)], never())),
    );
    expect(answers).toEqual([['Hola[]'], ['Buenos días[]'], ['El gato[]']]);
    expect(pipeline.jobs).toBe(3);
    expect(pipeline.restarts).toBe(0);
    await pipeline.close();
  });

  it('fails the job in flight cleanly when the pipeline dies, and restarts for the next', async () => {
    const pipeline = new ApertiumPipeline(mode);
    await pipeline.translate([segment('Hello')], never());
    const pid = pipeline.pid!;
    const inFlight = pipeline.translate(
      Array.from({ length: 2000 }, (_, i) => segment(`Sentence ${i} is about a dog.`)),
      never(),
    );
    process.kill(-pid, 'SIGKILL');
    const error = await inFlight.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).retryable).toBe(true);
    expect((error as EngineError).message).toMatch(/^apertium eng-spa stopped/);
    expect(await pipeline.translate([segment('Good morning')], never())).toEqual(['Buenos días[]']);
    expect(pipeline.pid).not.toBe(pid);
    expect(pipeline.restarts).toBe(1);
    await pipeline.close();
  });

  it('kills the pipeline of an abandoned job so its answer cannot reach the next one', async () => {
    const pipeline = new ApertiumPipeline(mode);
    await pipeline.translate([segment('Hello')], never());
    const controller = new AbortController();
    const slow = pipeline.translate(
      Array.from({ length: 3000 }, (_, i) => segment(`Sentence ${i} is about a dog.`)),
      controller.signal,
    );
    const queued = pipeline.translate([segment('The cat')], never());
    controller.abort(new Error('timed out'));
    await expect(slow).rejects.toThrow('timed out');
    expect(await queued).toEqual(['El gato[]']);
    expect(pipeline.restarts).toBe(1);
    await pipeline.close();
  });

  it('reports a pair whose data is broken as a retryable failure with what Apertium said', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-modes-'));
    fs.writeFileSync(path.join(dir, 'eng-spa.mode'), "lt-proc -z '/nonexistent/eng-spa.automorf.bin'\n");
    const pipeline = new ApertiumPipeline(path.join(dir, 'eng-spa.mode'));
    const error = await pipeline.translate([segment('Hello')], never()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toMatch(/stopped .*Cannot open file/);
    await pipeline.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stops its processes on close', async () => {
    const pipeline = new ApertiumPipeline(mode);
    await pipeline.translate([segment('Hello')], never());
    const pid = pipeline.pid!;
    expect(alive(pid)).toBe(true);
    await pipeline.close();
    expect(alive(pid)).toBe(false);
    await expect(pipeline.translate([segment('Hello')], never())).rejects.toThrow('shutting down');
  });
});
