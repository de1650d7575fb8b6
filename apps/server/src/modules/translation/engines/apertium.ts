import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { restoreProtected, type DecodedPiece } from '../protected-text';
import { abortReason, EngineError, type EngineBatch, type LanguagePair, type TranslationEngine } from './engine';
import { decodeStream, encodeLine, planLines, trimPieces } from './apertium-stream';
import { fromApertiumCode } from './language-codes';

const run = promisify(execFile);
const NAME = 'apertium';

/**
 * The local engine: Apertium's rule-based pairs installed from Debian packages.
 *
 * `apertium` itself cannot serve a server: started with a socket as stdin it prints nothing, and
 * starting it per request costs a process tree and the dictionaries' load every time. Instead
 * each pair gets one long-lived pipeline (the shell pipeline `apertium-wblank-mode -z` prints
 * for its mode) in null-flush mode: every stage flushes when it reads \0, so writing a text and
 * \0 yields its translation and \0, with the dictionaries loaded once.
 */

interface Job {
  payload: string;
  count: number;
  /** Sent last and expected back last: proof that the answers are this job's. */
  sentinel: string;
  outputs: string[];
  resolve(outputs: string[]): void;
  reject(error: Error): void;
}

function utf8Environment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  if (!/utf-?8/i.test(locale)) {
    delete env.LC_ALL;
    env.LC_CTYPE = 'C.UTF-8';
  }
  return env;
}

/**
 * One long-lived pipeline for one mode. Jobs run one at a time: the pipeline answers in order
 * and a job's texts are counted back by their \0s. A job that times out or is abandoned kills the
 * pipeline (its answer would otherwise be read as the next job's); the next job starts a new one.
 */
export class ApertiumPipeline {
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly queue: Job[] = [];
  private current: Job | undefined;
  private buffered: Buffer[] = [];
  private stderr = '';
  private closed = false;
  private command: Promise<string> | undefined;
  private starting: Promise<ChildProcessWithoutNullStreams> | undefined;
  private sequence = 0;
  restarts = 0;
  jobs = 0;

  constructor(readonly modeFile: string) {}

  get running(): boolean {
    return this.child !== undefined;
  }

  /** The pipeline's process group. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Translates stream-encoded segments; resolves with one raw output per segment. */
  translate(segments: readonly string[], signal: AbortSignal): Promise<string[]> {
    if (this.closed) return Promise.reject(new EngineError(NAME, 'apertium is shutting down', { retryable: false }));
    if (segments.length === 0) return Promise.resolve([]);
    if (signal.aborted) return Promise.reject(abortReason(signal));
    return new Promise<string[]>((resolve, reject) => {
      const sentinel = `[tolk-${++this.sequence}]`;
      const job: Job = {
        // A NUL inside a text would end it early and shift every answer after it.
        payload: [...segments, sentinel].map((segment) => `${segment.replaceAll('\0', '')}\0`).join(''),
        count: segments.length + 1,
        sentinel,
        outputs: [],
        resolve: (outputs) => {
          signal.removeEventListener('abort', onAbort);
          resolve(outputs);
        },
        reject: (error) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = () => {
        const queued = this.queue.indexOf(job);
        if (queued >= 0) {
          this.queue.splice(queued, 1);
          job.reject(abortReason(signal));
        } else if (this.current === job) {
          this.current = undefined;
          job.reject(abortReason(signal));
          this.kill();
          this.pump();
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.pump();
    });
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    this.current = job;
    this.jobs++;
    this.start()
      .then((child) => {
        if (this.current !== job) return;
        child.stdin.write(job.payload);
      })
      .catch((error: unknown) => {
        this.fail(job, error);
      });
  }

  private fail(job: Job, error: unknown): void {
    if (this.current !== job) return;
    this.current = undefined;
    job.reject(
      error instanceof EngineError
        ? error
        : new EngineError(NAME, `apertium could not start ${path.basename(this.modeFile)}`, {
            retryable: true,
            cause: error,
          }),
    );
    this.pump();
  }

  private start(): Promise<ChildProcessWithoutNullStreams> {
    if (this.child) return Promise.resolve(this.child);
    // A job abandoned while its pipeline was starting lets the next one in: both wait for one start.
    this.starting ??= this.spawnPipeline().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async spawnPipeline(): Promise<ChildProcessWithoutNullStreams> {
    this.command ??= run('apertium-wblank-mode', ['-z', this.modeFile]).then(({ stdout }) => stdout.trim());
    const pipeline = await this.command.catch((error: unknown) => {
      this.command = undefined;
      throw error;
    });
    if (this.closed) throw new EngineError(NAME, 'apertium is shutting down', { retryable: false });
    // $1 -n: generate without the *, # and @ marks on unknown words; $2: no tagger option.
    // Its own process group, so one signal stops every stage of the pipeline.
    const child = spawn('sh', ['-c', pipeline, 'apertium', '-n', ''], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      env: utf8Environment(),
    });
    this.child = child;
    this.buffered = [];
    this.stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (this.child === child) this.read(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-500);
    });
    // A write to a pipeline that just died fails here; the exit handler answers the job.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      this.exited(child, error);
    });
    child.on('exit', (code, signal) => {
      this.exited(child, code ?? signal);
    });
    return child;
  }

  private read(chunk: Buffer): void {
    let data = this.buffered.length ? Buffer.concat([...this.buffered, chunk]) : chunk;
    this.buffered = [];
    // A \0 byte never occurs inside a multi-byte UTF-8 character, so splitting bytes is safe.
    for (let end = data.indexOf(0); end >= 0; end = data.indexOf(0)) {
      const output = data.subarray(0, end).toString('utf8');
      data = data.subarray(end + 1);
      const job = this.current;
      if (!job) continue;
      job.outputs.push(output);
      if (job.outputs.length === job.count) {
        this.current = undefined;
        if (job.outputs.pop()?.trim() === job.sentinel) job.resolve(job.outputs);
        else {
          job.reject(new EngineError(NAME, 'apertium lost track of its answers', { retryable: true }));
          this.kill();
        }
        this.pump();
      }
    }
    if (data.length) this.buffered.push(data);
  }

  private exited(child: ChildProcessWithoutNullStreams, how: unknown): void {
    if (this.child !== child) return;
    this.child = undefined;
    if (!this.closed) this.restarts++;
    const job = this.current;
    if (!job) return;
    this.current = undefined;
    const detail = this.stderr.trim().split('\n').at(-1);
    const reason = how instanceof Error ? how.message : `exit ${String(how)}`;
    job.reject(
      new EngineError(
        NAME,
        `apertium ${path.basename(this.modeFile, '.mode')} stopped (${reason}${detail ? `: ${detail}` : ''})`,
        { retryable: true },
      ),
    );
    this.pump();
  }

  /** Stops the pipeline now and forgets it, so whatever it still prints is ignored; the next job starts a fresh one. */
  kill(): void {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (!this.closed) this.restarts++;
    if (!child.pid) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const closing = new EngineError(NAME, 'apertium is shutting down', { retryable: false });
    for (const job of this.queue.splice(0)) job.reject(closing);
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', () => {
        resolve();
      });
    });
    this.kill();
    child.stdin.destroy();
    await Promise.race([exited, new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())]);
  }
}

export interface ApertiumOptions {
  modesDir: string;
}

interface Mode {
  pair: LanguagePair;
  file: string;
}

/** eng-spa.mode, fr-es.mode; not variants (spa-eng_US, es-pt_BR) nor domain modes (eco-es-fr). */
const MODE_FILE = /^([a-z]{2,3})-([a-z]{2,3})\.mode$/;

export async function discoverModes(modesDir: string): Promise<Mode[]> {
  const files = await fs.readdir(modesDir).catch(() => [] as string[]);
  const modes = new Map<string, Mode>();
  for (const file of files.sort()) {
    const match = MODE_FILE.exec(file);
    if (!match) continue;
    const from = fromApertiumCode(match[1]!);
    const to = fromApertiumCode(match[2]!);
    if (!from || !to || from === to) continue;
    const key = `${from}>${to}`;
    if (!modes.has(key)) modes.set(key, { pair: { from, to }, file: path.join(modesDir, file) });
  }
  return [...modes.values()];
}

export function createApertiumEngine(options: ApertiumOptions): TranslationEngine {
  const pipelines = new Map<string, ApertiumPipeline>();
  let modes: Promise<Mode[]> | undefined;
  const loadModes = () => (modes ??= discoverModes(options.modesDir));

  async function pipelineFor(from: string, to: string): Promise<ApertiumPipeline> {
    const mode = (await loadModes()).find((m) => m.pair.from === from && m.pair.to === to);
    if (!mode) throw new EngineError(NAME, `apertium has no ${from}-${to} pair installed`, { retryable: false });
    let pipeline = pipelines.get(mode.file);
    if (!pipeline) {
      pipeline = new ApertiumPipeline(mode.file);
      pipelines.set(mode.file, pipeline);
    }
    return pipeline;
  }

  return {
    name: NAME,
    // A call is one job on one pipeline; its size bounds how long the next caller waits.
    limits: { maxTexts: 100, maxChars: 10_000, maxTargets: 1, concurrency: 8 },
    // The Debian pairs all meet in Spanish.
    pivots: ['es'],

    async languagePairs() {
      return (await loadModes()).map((mode) => mode.pair);
    },

    async translate(batch: EngineBatch, signal: AbortSignal) {
      const rows = batch.texts.map(() => [] as (string | null)[]);
      for (const to of batch.to) {
        const pipeline = await pipelineFor(batch.from, to);
        const segments: string[] = [];
        const plans = batch.texts.map((parts) => planLines(parts, segments));
        const outputs = await pipeline.translate(segments, signal);
        plans.forEach((plan, row) => {
          const pieces: DecodedPiece[] = [];
          plan.lines.forEach((line, i) => {
            if (i > 0) pieces.push(plan.separators[i - 1] ?? '\n');
            if (line.segment === null) {
              let index = line.firstIndex;
              for (const part of line.parts) pieces.push(part.kind === 'text' ? part.value : index++);
              return;
            }
            const decoded = trimPieces(decodeStream(outputs[line.segment] ?? ''));
            if (!decoded.some((piece) => typeof piece === 'string' && /\p{L}/u.test(piece))) {
              // Words in, no words out: the pipeline lost its place. Start it afresh.
              pipeline.kill();
              throw new EngineError(NAME, 'apertium returned an empty translation', { retryable: true });
            }
            pieces.push(...decoded);
          });
          rows[row]!.push(restoreProtected(pieces, batch.texts[row] ?? []));
        });
      }
      return rows;
    },

    async warm(pairs, signal) {
      // One short text through each pipeline starts it and loads its dictionaries.
      const started = new Set<string>();
      await Promise.all(
        pairs.map(async ({ from, to }) => {
          const pipeline = await pipelineFor(from, to);
          if (started.has(pipeline.modeFile)) return;
          started.add(pipeline.modeFile);
          await pipeline.translate([encodeLine([{ kind: 'text', value: 'Hello' }], 0)], signal);
        }),
      );
    },

    describe() {
      const running = [...pipelines.values()].filter((p) => p.running);
      return {
        pipelines: running.map((p) => path.basename(p.modeFile, '.mode')).join(', ') || 'none',
        restarts: [...pipelines.values()].reduce((sum, p) => sum + p.restarts, 0),
        jobs: [...pipelines.values()].reduce((sum, p) => sum + p.jobs, 0),
      };
    },

    async close() {
      await Promise.all([...pipelines.values()].map((pipeline) => pipeline.close()));
    },
  };
}
