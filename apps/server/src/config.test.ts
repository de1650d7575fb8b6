import { describe, expect, it } from 'vitest';
import { loadConfig, tileOrigin } from './config';

describe('map tiles', () => {
  it("are OpenStreetMap's by default, credited, with their origin for the page's policy", () => {
    const { mapTiles } = loadConfig({});
    expect(mapTiles.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(mapTiles.attribution).toContain('OpenStreetMap');
    expect(mapTiles.origin).toBe('https://tile.openstreetmap.org');
  });

  it('allow every subdomain a template picks with {s}', () => {
    expect(tileOrigin('https://{s}.tiles.example.org/{z}/{x}/{y}@2x.png')).toBe('https://*.tiles.example.org');
    expect(tileOrigin('http://10.0.0.5:8080/tiles/{z}/{x}/{y}.png')).toBe('http://10.0.0.5:8080');
  });

  it('refuse a URL without the tile coordinates, saying what is expected', () => {
    expect(() => loadConfig({ TOLK_MAP_TILE_URL: 'https://tiles.example.org/map.png' })).toThrow(
      /TOLK_MAP_TILE_URL: a tile URL template such as/,
    );
    expect(() => loadConfig({ TOLK_MAP_TILE_URL: 'javascript:alert(1)//{z}/{x}/{y}' })).toThrow(/TOLK_MAP_TILE_URL/);
  });
});

describe('payments', () => {
  it('offer the sandbox alone by default, with a 10% platform fee', () => {
    expect(loadConfig({}).payments).toEqual({ stripe: undefined, paypal: undefined, platformFeePercent: 10 });
  });

  it('offer Stripe and PayPal when all of their settings are there, PayPal in its sandbox unless told', () => {
    const { payments } = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      TOLK_PLATFORM_FEE_PERCENT: '2.5',
    });
    expect(payments).toEqual({
      stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc' },
      paypal: { clientId: 'id', clientSecret: 'secret', environment: 'sandbox', webhookId: 'WH-1' },
      platformFeePercent: 2.5,
    });
    expect(
      loadConfig({
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 's',
        PAYPAL_WEBHOOK_ID: 'w',
        PAYPAL_ENVIRONMENT: 'live',
      }).payments.paypal?.environment,
    ).toBe('live');
  });

  it('refuse half a provider’s settings, a key that is not one, and a fee outside 0-50%', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(/PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: required/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_a' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ TOLK_PLATFORM_FEE_PERCENT: '51' })).toThrow(/TOLK_PLATFORM_FEE_PERCENT/);
    expect(() => loadConfig({ PAYPAL_ENVIRONMENT: 'production' })).toThrow(/PAYPAL_ENVIRONMENT/);
  });
});

describe('premium translation engines', () => {
  it('are none by default, and listed ones need their own settings like any engine', () => {
    expect(loadConfig({ TRANSLATION_ENGINES: 'none' }).translation.premiumEngines).toEqual([]);
    const listed = loadConfig({
      TRANSLATION_ENGINES: 'none',
      TRANSLATION_PREMIUM_ENGINES: 'DeepL',
      DEEPL_API_KEY: 'key:fx',
    }).translation.premiumEngines;
    expect(listed).toEqual([{ name: 'deepl', key: 'key:fx', url: 'https://api-free.deepl.com' }]);
    expect(() => loadConfig({ TRANSLATION_ENGINES: 'none', TRANSLATION_PREMIUM_ENGINES: 'deepl' })).toThrow(
      'DEEPL_API_KEY: required when TRANSLATION_PREMIUM_ENGINES lists deepl',
    );
    expect(() => loadConfig({ TRANSLATION_ENGINES: 'none', TRANSLATION_PREMIUM_ENGINES: 'babel' })).toThrow(
      'TRANSLATION_PREMIUM_ENGINES: unknown engine "babel"',
    );
  });
});

describe('metrics', () => {
  it('are off by default, open with TOLK_METRICS=true, and behind a bearer token when one is set', () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: false, token: undefined });
    expect(loadConfig({ TOLK_METRICS: 'false' }).metrics).toEqual({ enabled: false, token: undefined });
    expect(loadConfig({ TOLK_METRICS: 'true' }).metrics).toEqual({ enabled: true, token: undefined });
    const token = 'a-scrape-token-of-some-length';
    expect(loadConfig({ TOLK_METRICS_TOKEN: token }).metrics).toEqual({ enabled: true, token });
    expect(loadConfig({ TOLK_METRICS: 'yes', TOLK_METRICS_TOKEN: ` ${token} ` }).metrics).toEqual({
      enabled: true,
      token,
    });
  });

  it('refuse a short token, a flag that is not one, and a token with metrics turned off', () => {
    expect(() => loadConfig({ TOLK_METRICS_TOKEN: 'short' })).toThrow(
      'TOLK_METRICS_TOKEN: TOLK_METRICS_TOKEN must be at least 16 characters',
    );
    expect(() => loadConfig({ TOLK_METRICS: 'on' })).toThrow(/TOLK_METRICS:/);
    expect(() => loadConfig({ TOLK_METRICS: 'false', TOLK_METRICS_TOKEN: 'a-scrape-token-of-some-length' })).toThrow(
      'TOLK_METRICS: false turns metrics off, but TOLK_METRICS_TOKEN is set',
    );
  });
});

describe('object storage', () => {
  const bucket = {
    TOLK_S3_BUCKET: 'tolk-photos',
    TOLK_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    TOLK_S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('is off by default: photos stay on the local disk', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('takes a bucket with its credentials, in us-east-1 with virtual-hosted addresses unless told', () => {
    expect(loadConfig(bucket).s3).toEqual({
      endpoint: undefined,
      bucket: 'tolk-photos',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...bucket,
        TOLK_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        TOLK_S3_REGION: 'eu-central-1',
        TOLK_S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'eu-central-1', forcePathStyle: true });
  });

  it('refuses an endpoint that is not an http(s) address, or one with the bucket in its path', () => {
    expect(() => loadConfig({ ...bucket, TOLK_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /TOLK_S3_ENDPOINT: the store's http\(s\) address/,
    );
    expect(() => loadConfig({ ...bucket, TOLK_S3_ENDPOINT: 'ftp://store.example.org' })).toThrow(/TOLK_S3_ENDPOINT/);
    expect(() => loadConfig({ ...bucket, TOLK_S3_ENDPOINT: 'http://127.0.0.1:9000/tolk-photos' })).toThrow(
      /TOLK_S3_ENDPOINT: the store's address without a path/,
    );
  });

  it('refuses a bucket without credentials, credentials without a bucket, and names S3 does not allow', () => {
    expect(() => loadConfig({ TOLK_S3_BUCKET: 'tolk-photos' })).toThrow(
      'TOLK_S3_ACCESS_KEY_ID, TOLK_S3_SECRET_ACCESS_KEY: required with TOLK_S3_BUCKET',
    );
    expect(() => loadConfig({ ...bucket, TOLK_S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /TOLK_S3_SECRET_ACCESS_KEY: required with TOLK_S3_BUCKET/,
    );
    expect(() => loadConfig({ TOLK_S3_ENDPOINT: 'http://127.0.0.1:9000', TOLK_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'TOLK_S3_BUCKET: required with TOLK_S3_ENDPOINT, TOLK_S3_ACCESS_KEY_ID',
    );
    for (const name of ['Tolk_Photos', 'ab', 'photos_2026', '-photos']) {
      expect(() => loadConfig({ ...bucket, TOLK_S3_BUCKET: name })).toThrow(/TOLK_S3_BUCKET: a bucket name/);
    }
    expect(() => loadConfig({ ...bucket, TOLK_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/TOLK_S3_FORCE_PATH_STYLE/);
  });
});
