import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  speechStatusSchema,
  synthesisInputSchema,
  transcriptionFieldsSchema,
  transcriptionSchema,
  voiceClipSchema,
  voiceFieldsSchema,
} from '@tolk/shared/schemas/speech';
import { AppError, notFound } from '../../errors';
import { routes } from '../../http/routes';
import { callerOf, type MemberCaller } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import type { WindowCounter } from '../../plugins/window-counter';
import type { BlobStorage } from '../uploads';
import { readAudioUpload } from './audio-upload';
import type { SpeechToText, TextToSpeech } from './engines';
import type { VoiceRepository } from './voice.repository';

const DAY_MS = 24 * 60 * 60_000;
/** The hand-written routes (multipart in, audio out) are members' only, like every declared route. */
const MEMBERS_ONLY = { auth: 'required' } as const;

export interface SpeechRoutesOptions {
  repo: VoiceRepository;
  storage: BlobStorage;
  engines: { stt: SpeechToText | undefined; tts: TextToSpeech | undefined };
  limits: { recordingsPerDay: number; synthesesPerDay: number; counter: WindowCounter };
}

/** Parses multipart text fields with a shared schema: a bad one is a 400 on its field, like a JSON body's. */
function fieldsOf<T>(schema: z.ZodType<T>, fields: Record<string, string>): T {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (problems[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
  throw new AppError('validation_failed', 'Some fields are not valid.', problems);
}

/** Speech in and out, and voice muses' recordings: at /api/speech and /api/voice. */
export async function speechRoutes(app: FastifyInstance, options: SpeechRoutesOptions) {
  const { repo, storage, engines, limits } = options;
  const route = routes(app, { tags: ['speech'], errors: errorResponses(400, 401), actor: callerOf });

  /** Counts one more against a member's daily budget of `what`; 429 with Retry-After past it. */
  async function spend(member: MemberCaller, what: 'recordings' | 'syntheses') {
    const max = what === 'recordings' ? limits.recordingsPerDay : limits.synthesesPerDay;
    const { count, resetMs } = await limits.counter(`speech-${what}:${member.accountId}`, DAY_MS);
    if (count > max) {
      const hours = Math.max(1, Math.ceil(resetMs / 3_600_000));
      throw new AppError(
        'rate_limited',
        what === 'recordings'
          ? `You have made ${max} recordings today, the most a day: try again in ${hours} hours.`
          : `Tolk has read ${max} muses aloud for you today, the most a day: try again in ${hours} hours.`,
        undefined,
        { 'retry-after': String(Math.ceil(resetMs / 1000)) },
      );
    }
  }

  /** The engine's words for a recording, or null when it failed or took too long (logged, never the audio). */
  async function transcript(audio: { data: Buffer; mime: string }, language: string): Promise<string | null> {
    if (!engines.stt) return null;
    try {
      return await engines.stt.transcribe(audio, language);
    } catch (error) {
      app.log.warn({ err: error, bytes: audio.data.length }, 'speech-to-text failed');
      return null;
    }
  }

  route('GET /speech', {
    summary: 'Which speech engines the server has: transcription, and reading aloud',
    response: { 200: speechStatusSchema },
    handler: () => ({ transcribe: engines.stt !== undefined, synthesize: engines.tts !== undefined }),
  });

  app.post(
    '/speech/transcriptions',
    {
      schema: {
        tags: ['speech'],
        summary: 'The words of a recording (multipart: file "audio", optional "language"); nothing is stored',
        consumes: ['multipart/form-data'],
        response: { 200: transcriptionSchema, ...errorResponses(400, 401, 404, 413, 415, 429, 503) },
      },
      config: MEMBERS_ONLY,
    },
    async (request: FastifyRequest) => {
      const member = callerOf(request);
      if (!engines.stt) {
        // Not a failure of the server's: there is nothing here to send audio to (GET /api/speech says so).
        throw new AppError('not_found', 'This server has no speech-to-text engine: type your muse instead.');
      }
      const { data, mime, fields } = await readAudioUpload(request);
      const { language = member.language } = fieldsOf(transcriptionFieldsSchema, fields);
      await spend(member, 'recordings');
      const text = await transcript({ data, mime }, language);
      if (text === null) throw new AppError('unavailable', 'The speech-to-text engine did not answer: try again.');
      return { text, language };
    },
  );

  app.post(
    '/voice',
    {
      schema: {
        tags: ['speech'],
        summary: 'Store a recording for a voice muse (multipart: file "audio", "durationMs", optional "language")',
        consumes: ['multipart/form-data'],
        response: { 201: voiceClipSchema, ...errorResponses(400, 401, 413, 415, 429) },
      },
      config: MEMBERS_ONLY,
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const member = callerOf(request);
      const { data, mime, fields } = await readAudioUpload(request);
      const { durationMs, language = member.language } = fieldsOf(voiceFieldsSchema, fields);
      await spend(member, 'recordings');
      const text = await transcript({ data, mime }, language);
      const storageKey = `voice/${new Date().toISOString().slice(0, 7)}/${randomUUID()}`;
      await storage.put(storageKey, data);
      const row = await repo.create({
        tenantId: member.tenantId,
        ownerId: member.accountId,
        mime,
        bytes: data.length,
        durationMs,
        storageKey,
        transcript: text,
        language,
      });
      return reply.status(201).send({ id: row.id, durationMs, transcript: text, language });
    },
  );

  app.get(
    '/voice/:id',
    {
      schema: {
        tags: ['speech'],
        summary: "A voice muse's recording (members of its conversation; its sender before it is sent)",
        params: z.object({ id: z.uuid() }),
        response: errorResponses(401, 404),
      },
      config: MEMBERS_ONLY,
    },
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const member = callerOf(request);
      const clip = await repo.playable(request.params.id, member);
      if (!clip) throw notFound('Recording');
      const data = await storage.get(clip.storageKey);
      if (!data) throw notFound('Recording');
      reply
        .header('content-type', clip.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes');
      const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
      if (!range || (range[1] === '' && range[2] === '')) return reply.send(data);
      // A player asks for a part (to seek): one range, from its start (or the last N bytes) to its end.
      const start = range[1] === '' ? Math.max(0, data.length - Number(range[2])) : Number(range[1]);
      const end = range[1] === '' || range[2] === '' ? data.length - 1 : Math.min(Number(range[2]), data.length - 1);
      if (start > end || start >= data.length) {
        return reply.status(416).header('content-range', `bytes */${data.length}`).send();
      }
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${data.length}`)
        .send(data.subarray(start, end + 1));
    },
  );

  app.post(
    '/speech/synthesis',
    {
      schema: {
        tags: ['speech'],
        summary: "A text read aloud by the server's engine (MP3), for devices without a voice for its language",
        body: synthesisInputSchema,
        response: errorResponses(400, 401, 404, 429, 503),
      },
      config: MEMBERS_ONLY,
    },
    async (request: FastifyRequest<{ Body: z.infer<typeof synthesisInputSchema> }>, reply: FastifyReply) => {
      const member = callerOf(request);
      if (!engines.tts) throw new AppError('not_found', 'This server has no text-to-speech engine.');
      await spend(member, 'syntheses');
      let audio: { bytes: Buffer; contentType: string };
      try {
        audio = await engines.tts.synthesize(request.body.text, request.body.language);
      } catch (error) {
        app.log.warn({ err: error }, 'text-to-speech failed');
        throw new AppError('unavailable', 'The text-to-speech engine did not answer: try again.');
      }
      return reply
        .header('content-type', audio.contentType)
        .header('cache-control', 'private, no-store')
        .send(audio.bytes);
    },
  );
}
