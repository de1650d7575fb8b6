import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface VendorRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface VendorReply {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  /** Hold the answer this long (timeouts). */
  delayMs?: number;
}

export interface VendorServer {
  url: string;
  requests: VendorRequest[];
  /** Replies to give before `handler` answers again, in order (429, 503...). */
  queue: VendorReply[];
  close(): Promise<void>;
}

/**
 * A local stand-in for a translation vendor on port 0: records every request and answers with
 * `handler`, which checks the request the way the vendor documents and replies in its shape.
 */
export async function vendorServer(
  handler: (request: VendorRequest) => VendorReply,
  /** Over TLS with this key and certificate (a vendor whose SDK only speaks HTTPS to its own host). */
  options: { tls?: { key: string; cert: string } } = {},
): Promise<VendorServer> {
  const requests: VendorRequest[] = [];
  const queue: VendorReply[] = [];
  const listener: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request: VendorRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      let reply: VendorReply;
      try {
        reply = queue.shift() ?? handler(request);
      } catch (error) {
        reply = { status: 500, json: { error: { message: String(error) } } };
      }
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, {
          'content-type': reply.json !== undefined ? 'application/json; charset=utf-8' : 'text/plain',
          ...reply.headers,
        });
        res.end(reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? ''));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  };
  const server = options.tls ? https.createServer(options.tls, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    queue,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * A tiny word-for-word "vendor" used behind the stand-ins: known English words become Spanish
 * or French, everything else (markup included) is left as it is, as a real engine leaves
 * what it must not translate.
 */
const WORDS: Record<string, Record<string, string>> = {
  es: { hello: 'hola', my: 'mi', friend: 'amigo', see: 'ver', the: 'el', dog: 'perro', visit: 'visita', with: 'con' },
  fr: {
    hello: 'bonjour',
    my: 'mon',
    friend: 'ami',
    see: 'voir',
    the: 'le',
    dog: 'chien',
    visit: 'visitez',
    with: 'avec',
  },
};

export function vendorTranslate(text: string, to: string): string {
  const words = WORDS[to.toLowerCase().slice(0, 2)] ?? {};
  // Elements marked to be left alone pass whole; words elsewhere are looked up; tags stay.
  const pattern = /(<x\b[^>]*>[\s\S]*?<\/x>|<span\b[^>]*translate="no"[^>]*>[\s\S]*?<\/span>)|(<[^>]*>)|(\p{L}+)/gu;
  return text.replace(pattern, (match, ignored?: string, tag?: string, word?: string) => {
    if (ignored || tag || !word) return match;
    const translated = words[word.toLowerCase()];
    if (!translated) return match;
    return word[0] === word[0]?.toUpperCase() ? translated[0]!.toUpperCase() + translated.slice(1) : translated;
  });
}
