import type { S3ServiceException } from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import type { S3Config } from '../../config';
import { AppError } from '../../errors';
import type { BlobStorage } from './storage';

/** What a reader or an uploader is told while the store cannot be reached (the log says why). */
export const STORAGE_UNAVAILABLE = 'Photos cannot be stored or read right now. Try again in a moment.';

/**
 * How long one request may take, and how often it is tried: a store that is down or hangs costs a
 * caller at most about `maxAttempts × requestTimeoutMs` plus the SDK's short backoff, never a hung
 * request. The request timeout covers the whole exchange, a 10 MB photo included.
 */
export interface S3Limits {
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  maxAttempts: number;
}

export const DEFAULT_S3_LIMITS: S3Limits = { connectTimeoutMs: 2_000, requestTimeoutMs: 10_000, maxAttempts: 2 };

const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** Said by the store of an object that is not there (GetObject's NoSuchKey; a HEAD's bare 404). */
function isMissingObject(error: unknown, serviceError: typeof S3ServiceException): boolean {
  if (!(error instanceof serviceError)) return false;
  return error.name === 'NoSuchKey' || (error.name === 'NotFound' && error.$metadata.httpStatusCode === 404);
}

/**
 * Photos in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, s3rver), under the same keys as on
 * the local disk, so every instance reads what any instance stored. A missing object reads as
 * null (the routes answer 404, as on disk); anything else the store does wrong, from a refused
 * connection to a missing bucket or wrong credentials, is logged with its cause and answered 503.
 */
export async function s3Storage(
  config: S3Config,
  log: FastifyBaseLogger,
  limits: S3Limits = DEFAULT_S3_LIMITS,
): Promise<BlobStorage & { close(): void }> {
  // Loaded here, not at the top: the SDK takes a quarter of a second to import, which a server
  // keeping photos on its disk should not pay at every start.
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: limits.maxAttempts,
    requestHandler: {
      connectionTimeout: limits.connectTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Without it the SDK only warns when the request timeout passes, and goes on waiting.
      throwOnRequestTimeout: true,
    },
    // Checksums only where the API demands them: many S3-compatible stores reject the SDK's
    // newer default trailers, and the bytes are checked by the image decoder on the way in.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = config.bucket;

  const unavailable = (error: unknown, operation: 'put' | 'get' | 'delete', key: string) => {
    log.error({ err: error, bucket, key, operation }, 'the object store failed');
    return new AppError('unavailable', STORAGE_UNAVAILABLE);
  };

  return {
    async put(key, data) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: data,
            ContentLength: data.length,
            ContentType: CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream',
          }),
        );
      } catch (error) {
        throw unavailable(error, 'put', key);
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return Buffer.alloc(0);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissingObject(error, S3ServiceException)) return null;
        throw unavailable(error, 'get', key);
      }
    },
    async delete(key) {
      try {
        // S3 answers 204 whether the object was there or not, as a forced rm on disk does.
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw unavailable(error, 'delete', key);
      }
    },
    close() {
      client.destroy();
    },
  };
}
