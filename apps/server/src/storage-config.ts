import { z } from 'zod';

/** The object storage settings (README: configuration), read with the rest of the environment in config.ts. */
export const storageEnvironment = {
  TOLK_S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: "the store's http(s) address, such as http://127.0.0.1:9000 or https://s3.eu-central-1.amazonaws.com",
    })
    .refine((url) => /^https?:\/\/[^/?#]+\/?$/.test(url), {
      error: "the store's address without a path (the bucket goes in TOLK_S3_BUCKET)",
    })
    .optional(),
  TOLK_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit',
    )
    .optional(),
  TOLK_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'a region name such as us-east-1, eu-central-1 or auto')
    .optional(),
  TOLK_S3_ACCESS_KEY_ID: z.string().optional(),
  TOLK_S3_SECRET_ACCESS_KEY: z.string().optional(),
  TOLK_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
    .optional(),
};

/** The region when none is given: AWS's first, which MinIO, s3rver and most compatible stores also answer to. */
export const DEFAULT_S3_REGION = 'us-east-1';

/** An S3-compatible bucket that photos are kept in instead of the local disk (TOLK_S3_*). */
export interface S3Config {
  /** The store's address; absent means AWS S3 itself, by region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`http://host/bucket/key`) rather than the host name: MinIO, s3rver and the like. */
  forcePathStyle: boolean;
}

/**
 * The bucket, when TOLK_S3_BUCKET is set with its credentials; undefined leaves photos on the local
 * disk. Half a configuration (credentials without a bucket, a bucket without credentials) is a
 * mistake said at start-up, not a silent fall back to the disk.
 */
export function storageConfig(e: z.infer<z.ZodObject<typeof storageEnvironment>>): S3Config | undefined {
  const others = {
    TOLK_S3_ENDPOINT: e.TOLK_S3_ENDPOINT,
    TOLK_S3_REGION: e.TOLK_S3_REGION,
    TOLK_S3_ACCESS_KEY_ID: e.TOLK_S3_ACCESS_KEY_ID,
    TOLK_S3_SECRET_ACCESS_KEY: e.TOLK_S3_SECRET_ACCESS_KEY,
    TOLK_S3_FORCE_PATH_STYLE: e.TOLK_S3_FORCE_PATH_STYLE,
  };
  if (!e.TOLK_S3_BUCKET) {
    const set = Object.keys(others).filter((name) => others[name as keyof typeof others] !== undefined);
    if (set.length) {
      throw new Error(
        `Invalid configuration:\n  TOLK_S3_BUCKET: required with ${set.join(', ')} (photos go to that bucket)`,
      );
    }
    return undefined;
  }
  const missing = (['TOLK_S3_ACCESS_KEY_ID', 'TOLK_S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]);
  if (missing.length) {
    throw new Error(
      `Invalid configuration:\n  ${missing.join(', ')}: required with TOLK_S3_BUCKET (the credentials photos are stored with)`,
    );
  }
  return {
    endpoint: e.TOLK_S3_ENDPOINT?.replace(/\/+$/, ''),
    bucket: e.TOLK_S3_BUCKET,
    region: e.TOLK_S3_REGION ?? DEFAULT_S3_REGION,
    accessKeyId: e.TOLK_S3_ACCESS_KEY_ID!,
    secretAccessKey: e.TOLK_S3_SECRET_ACCESS_KEY!,
    forcePathStyle: e.TOLK_S3_FORCE_PATH_STYLE ?? false,
  };
}
