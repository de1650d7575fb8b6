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
