export const TEST_ADMIN_PASSWORD = 'correct horse battery staple';
