// A local stand-in for an OpenAI-compatible audio API (whisper.cpp's server, speaches, LocalAI and
// OpenAI answer the same way), on port 0: POST /v1/audio/transcriptions (multipart: file, model,
// language, response_format) answers { text }, POST /v1/audio/speech (JSON: model, input, voice)
// answers MP3 bytes. It records every request and can be told to fail or to hang.
//
// Also runnable on its own for the end-to-end tests: `node --import tsx speech-engine.ts [port]`
// prints its URL and answers every recording with TOLK_STAND_IN_TRANSCRIPT (or a fixed sentence).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SpeechEngineRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Transcriptions: the multipart fields, the file as its bytes. */
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | null;
  /** Speech: the JSON body. */
  json: Record<string, unknown> | null;
}

export interface SpeechEngineStandIn {
  url: string;
  requests: SpeechEngineRequest[];
  /** What the next transcriptions answer instead of the transcript: a status, or no answer at all. */
  failures: ('500' | 'not-json' | 'hang')[];
  close(): Promise<void>;
}

/** A few bytes that begin like an MP3 (an ID3 tag): what a TTS engine's answer looks like to us. */
export const STAND_IN_MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(64)]);

export async function speechEngineStandIn(
  transcriptOf: (request: SpeechEngineRequest) => string = () => 'Hello, this is a voice muse.',
  options: { apiKey?: string; port?: number } = {},
): Promise<SpeechEngineStandIn> {
  const requests: SpeechEngineRequest[] = [];
  const failures: SpeechEngineStandIn['failures'] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void answer(req, res, Buffer.concat(chunks));
    });
  });

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const send = (status: number, value: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(type === 'application/json' ? JSON.stringify(value) : value);
    };
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      send(401, { error: { message: 'Incorrect API key provided.' } });
      return;
    }
    const request: SpeechEngineRequest = { path, headers: req.headers, fields: {}, file: null, json: null };
    if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
      try {
        // The test's own reading of a multipart body (undici's, enough for a stand-in).
        const parsed = new Response(new Uint8Array(body), {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        });
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        const form = await parsed.formData();
        for (const [name, value] of form) {
          if (typeof value === 'string') request.fields[name] = value;
          else request.file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
        }
      } catch {
        send(400, { error: { message: 'Could not parse multipart form.' } });
        return;
      }
      requests.push(request);
      if (!request.file) {
        send(400, { error: { message: "Missing required parameter: 'file'." } });
        return;
      }
      if (!request.fields.model) {
        send(400, { error: { message: "Missing required parameter: 'model'." } });
        return;
      }
      const failure = failures.shift();
      if (failure === 'hang') {
        hanging.add(res);
        return;
      }
      if (failure === '500') {
        send(500, { error: { message: 'The server had an error.' } });
        return;
      }
      if (failure === 'not-json') {
        send(200, '<html>busy</html>', 'text/html');
        return;
      }
      const text = transcriptOf(request);
      if (request.fields.response_format === 'text') send(200, text, 'text/plain');
      else send(200, { text });
      return;
    }
    if (req.method === 'POST' && path === '/v1/audio/speech') {
      try {
        request.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        send(400, { error: { message: 'We could not parse the JSON body of your request.' } });
        return;
      }
      requests.push(request);
      if (typeof request.json.input !== 'string' || !request.json.input) {
        send(400, { error: { message: "Missing required parameter: 'input'." } });
        return;
      }
      const failure = failures.shift();
      if (failure === 'hang') {
        hanging.add(res);
        return;
      }
      if (failure === '500') {
        send(500, { error: { message: 'The server had an error.' } });
        return;
      }
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.end(STAND_IN_MP3);
      return;
    }
    send(404, { error: { message: `Unknown path ${path}` } });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failures,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, ''))) {
  const port = Number(process.argv[2] ?? 0);
  const transcript = process.env.TOLK_STAND_IN_TRANSCRIPT ?? 'Hello, this is a voice muse.';
  const standIn = await speechEngineStandIn(() => transcript, { port });
  console.log(standIn.url);
}
