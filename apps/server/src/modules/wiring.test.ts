import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountsPlugin } from './accounts';
import { authModule } from './auth';
import { connectPlugin } from './connect';
import { interpreterPlugin } from './interpreter';
import { ledgerPlugin } from './ledger';
import { musesPlugin } from './muses';
import { notificationsPlugin } from './notifications';
import { ordersPlugin } from './orders';
import { paymentsPlugin } from './payments';
import { profilesPlugin } from './profiles';
import { recordsPlugin } from './records';
import { speechPlugin } from './speech';
import { subscriptionsPlugin } from './subscriptions';

// Each module names the plugins and modules it uses; Fastify refuses to boot it without them, so
// a wrong order in app.ts fails at start, not on the first request that calls a missing decorator.
const modules = {
  accountsPlugin,
  authModule,
  connectPlugin,
  interpreterPlugin,
  ledgerPlugin,
  musesPlugin,
  notificationsPlugin,
  ordersPlugin,
  paymentsPlugin,
  profilesPlugin,
  recordsPlugin,
  speechPlugin,
  subscriptionsPlugin,
};

describe('module wiring', () => {
  it.each(Object.entries(modules))('%s refuses to boot before the modules it uses', async (_name, plugin) => {
    const app = Fastify({ logger: false });
    // Their options do not matter: the dependency check runs before the plugin does.
    await expect(app.register(plugin as never, {} as never).ready()).rejects.toThrow(
      /dependency .* is not registered|decorator '.*' required by/i,
    );
    await app.close().catch(() => undefined);
  });
});
