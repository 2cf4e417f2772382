import type { FeatureModule } from '../module.js';
import { SchedulesService } from './schedules.service.js';
import { scheduleRoutes } from './schedules.routes.js';
import { OverridesService } from './overrides.service.js';
import { overrideRoutes } from './overrides.routes.js';

export { deleteWorkingTimeOf } from './cascade.js';
export { scheduleAtLocation } from './schedules.repository.js';
export { overrideAtLocation } from './overrides.repository.js';

/** Working time: weekly schedules and per-date overrides. */
export const schedulesModule: FeatureModule = {
  name: 'schedules',
  tags: [
    { name: 'Schedules', description: "Weekly working hours of a resource, in its time zone." },
    { name: 'Schedule overrides', description: "One local date's hours of a resource, replacing its schedule's." },
  ],
  routes(app, { db, clock }) {
    scheduleRoutes(app, new SchedulesService(db.kysely, clock));
    overrideRoutes(app, new OverridesService(db.kysely, clock));
  },
};
export { schedules as schedulesTable } from './schedules.repository.js';
export { overrides as overridesTable } from './overrides.repository.js';
export { serializeSchedule } from './schedules.serializer.js';
export { serializeOverride } from './overrides.serializer.js';
