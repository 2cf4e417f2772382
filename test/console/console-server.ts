/** The service with the console, for the browser tests: console/dist is built first when stale. */
import { ensureConsoleBuilt, startServer } from '../client/server.js';

export async function startConsoleServer() {
  ensureConsoleBuilt();
  const server = await startServer();
  return { ...server, key: server.testKey };
}
