import type { FeatureModule } from '../module.js';
import { BlocksService } from './blocks.service.js';
import { blockRoutes } from './blocks.routes.js';

export { deleteBlocksOf } from './blocks.service.js';
export { blockAtLocation } from './blocks.repository.js';

export const blocksModule: FeatureModule = {
  name: 'blocks',
  tags: [{ name: 'Blocks', description: 'Time taken out of working time: of a resource, a location or the whole account.' }],
  routes: (app, { db, clock }) => blockRoutes(app, new BlocksService(db.kysely, clock)),
};
export { blocks as blocksTable } from './blocks.repository.js';
export { serializeBlock } from './blocks.serializer.js';
