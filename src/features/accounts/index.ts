import type { FeatureModule } from '../module.js';
import { AccountsService } from './accounts.service.js';
import { accountRoutes } from './accounts.routes.js';

export const accountsModule: FeatureModule = {
  name: 'accounts',
  tags: [{ name: 'Accounts', description: 'The businesses of a platform; every other object belongs to one.' }],
  routes: (app, { db, clock }) => accountRoutes(app, new AccountsService(db.kysely, clock)),
};
export { serializeAccount } from './accounts.serializer.js';
