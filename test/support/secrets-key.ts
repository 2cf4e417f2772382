/** The SECRETS_KEY of in-process test apps (docs/configuration.md#secrets-key): 32 bytes, base64. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
