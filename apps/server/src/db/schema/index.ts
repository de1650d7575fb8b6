// drizzle-kit and the database client need every table in one object; features import the file they need.
export * from './tenants';
export * from './accounts';
export * from './sessions';
export * from './profiles';
export * from './persons';
export * from './places';
export * from './things';
export * from './server-secrets';
export * from './translation';
export * from './uploads';
export * from './conversations';
export * from './interpreter';
export * from './connect';
export * from './ledger';
export * from './orders';
export * from './payments';
export * from './subscriptions';
