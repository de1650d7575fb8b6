import { vi } from 'vitest';

/**
 * A speech recognizer as the browser hands one out (Chrome offers it even on plain HTTP); call a
 * started instance's onerror as Chrome does to make it fail. Remove it with `uninstallSpeech`.
 */
export function installRecognizer() {
  const started = vi.fn();
  const instances: FakeRecognition[] = [];
  class FakeRecognition {
    lang = '';
    interimResults = false;
    continuous = false;
    maxAlternatives = 1;
    onresult = null;
    onerror: ((event: { error?: string }) => void) | null = null;
    onend = null;
    start() {
      started();
      instances.push(this);
    }
    stop() {}
    abort() {}
  }
  Object.defineProperty(window, 'webkitSpeechRecognition', { value: FakeRecognition, configurable: true });
  return { started, instances };
}

/** Plain HTTP on a LAN address (false) or https / localhost (true). */
export function secureContext(value: boolean) {
  Object.defineProperty(window, 'isSecureContext', { value, configurable: true });
}

export function uninstallSpeech() {
  Reflect.deleteProperty(window, 'webkitSpeechRecognition');
  Reflect.deleteProperty(window, 'isSecureContext');
}

/**
 * A microphone and a MediaRecorder as a browser hands them out: `getUserMedia` answers a stream
 * (or fails with `refuse`'s DOMException name), and a recorder gives one piece of "audio" when it
 * stops. Remove them with `uninstallRecorder`.
 */
export function installRecorder(options: { refuse?: string; mimeType?: string } = {}) {
  const tracks: { stopped: boolean }[] = [];
  const recorders: FakeMediaRecorder[] = [];
  class FakeMediaRecorder extends EventTarget {
    state: 'inactive' | 'recording' = 'inactive';
    mimeType = options.mimeType ?? 'audio/webm;codecs=opus';
    static isTypeSupported(type: string) {
      return type.startsWith('audio/webm');
    }
    constructor() {
      super();
      recorders.push(this);
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      const data = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: 'audio/webm' });
      this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
      this.dispatchEvent(new Event('stop'));
    }
  }
  const getUserMedia = vi.fn(() => {
    if (options.refuse) return Promise.reject(new DOMException('refused', options.refuse));
    const track = { stopped: false, stop: () => (track.stopped = true) };
    tracks.push(track);
    return Promise.resolve({ getTracks: () => [track] } as unknown as MediaStream);
  });
  Object.defineProperty(window, 'MediaRecorder', { value: FakeMediaRecorder, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  secureContext(true);
  return { getUserMedia, tracks, recorders };
}

export function uninstallRecorder() {
  Reflect.deleteProperty(window, 'MediaRecorder');
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(window, 'isSecureContext');
}
