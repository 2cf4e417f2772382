import type { App } from '../../http/server.js';
import type { DbHandle } from '../../db/transaction.js';
import { BlocksService } from './blocks.service.js';
import { blockRoutes } from './blocks.routes.js';

/** Registered from src/features/schedules/index.ts (blocks are working time too). */
export function registerBlocksRoutes(app: App, db: DbHandle): void {
  blockRoutes(app, new BlocksService(db));
}
