import { z } from 'zod';
import { MUSE_TEXT_MAX, VOICE_MAX_SECONDS } from '../limits';
import { languageCodeSchema } from './auth';
import { textSchema } from './text';

export { VOICE_MAX_BYTES, VOICE_MAX_SECONDS, VOICE_MIME_TYPES } from '../limits';

/** Which speech engines the server has (GET /api/speech): the web picks browser speech or the server's. */
export const speechStatusSchema = z.object({
  /** An engine turns recordings into text (POST /api/speech/transcriptions, voice muses' transcripts). */
  transcribe: z.boolean(),
  /** An engine reads text aloud (POST /api/speech/synthesis), for devices without a voice. */
  synthesize: z.boolean(),
});
export type SpeechStatus = z.infer<typeof speechStatusSchema>;

/** The multipart text fields beside the audio of a transcription. */
export const transcriptionFieldsSchema = z.object({ language: languageCodeSchema.optional() });

/** A recording's words, in the language the engine was told to expect. */
export const transcriptionSchema = z.object({ text: z.string(), language: z.string() });
export type Transcription = z.infer<typeof transcriptionSchema>;

/** The multipart text fields beside the audio of a voice muse. */
export const voiceFieldsSchema = z.object({
  durationMs: z.coerce
    .number()
    .int()
    .min(1, 'The recording is empty.')
    .max(VOICE_MAX_SECONDS * 1000, `A recording is at most ${VOICE_MAX_SECONDS / 60} minutes long.`),
  language: languageCodeSchema.optional(),
});

/** A stored recording, not yet sent: its transcript (null without an engine, or when it failed). */
export const voiceClipSchema = z.object({
  id: z.uuid(),
  durationMs: z.number().int(),
  transcript: z.string().nullable(),
  language: z.string(),
});
export type VoiceClip = z.infer<typeof voiceClipSchema>;

/** A muse's recording as its readers get it: the original audio, in the sender's voice. */
export const museVoiceSchema = z.object({ id: z.uuid(), url: z.string(), durationMs: z.number().int() });
export type MuseVoice = z.infer<typeof museVoiceSchema>;

export const synthesisInputSchema = z.object({
  text: textSchema(MUSE_TEXT_MAX).refine((text) => text.trim().length > 0, 'Nothing to read aloud.'),
  language: languageCodeSchema,
});
export type SynthesisInput = z.infer<typeof synthesisInputSchema>;
