/** Webhook endpoints and deliveries (filled in with the webhooks feature). */
export const webhooks = `
`;
