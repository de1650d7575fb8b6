/**
 * Speech's public face: the microphone (recording, and the browser's own recognition where the
 * server has no engine), a recording's player, reading a text aloud, and the server's calls for
 * them (GET /api/speech, POST /api/voice, POST /api/speech/transcriptions).
 */
export { speechStatusQuery } from './api/speech-status';
export { transcribe } from './api/transcribe';
export { uploadVoice } from './api/upload-voice';
export { useSpeechInput, useVoices, voiceFor, speak, speechRecognitionConstructor } from './browser-speech';
export type { SpeechBlocked } from './browser-speech';
export { useRecorder, type Recorder } from './use-recorder';
export { recordingProblem, formatDuration, withSpoken, type MicProblem, type Recording } from './recording';
export { DictationButton, MicUnavailableButton, RecordingControls } from './components/recording-controls';
export { MicProblemNote } from './components/mic-problem-note';
export { VoicePlayer } from './components/voice-player';
export { SpeakerButton } from './components/speaker-button';
