import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** A small real image, made on the spot. */
export const tinyPng = (colour = '#0f766e') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** POST /api/uploads (or `file.url` with `file.method`) with one multipart file field, as a browser sends it. */
export function uploadPhoto(
  app: FastifyInstance,
  headers: Record<string, string>,
  data: Buffer,
  file: { name?: string; type?: string; url?: string; method?: 'POST' | 'PUT' } = {},
) {
  const boundary = `----tolk-test-${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'photo.png'}"\r\n` +
        `Content-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: file.method ?? 'POST',
    url: file.url ?? '/api/uploads',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
