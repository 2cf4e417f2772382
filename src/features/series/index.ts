import type { FeatureModule } from '../module.js';
import { SeriesService } from './series.service.js';
import { seriesRoutes } from './series.routes.js';
import { horizonWorker } from './series.worker.js';
import { pacingOf } from '../../workers/poller.js';

export { activeSeriesNaming } from './series.repository.js';

/** Recurring series (docs/series.md); the horizon worker keeps them generated. */
export const seriesModule: FeatureModule = {
  name: 'series',
  tags: [{ name: 'Series', description: 'Recurring bookings: every occurrence booked by the one booking rule, kept to the horizon.' }],
  routes(app, { db, clock }) {
    seriesRoutes(app, new SeriesService(db.kysely, clock));
  },
  /** series.horizon: generation to the horizon, and the end of finished series. */
  workers: ({ db, clock, config }, logger) => [horizonWorker(db.kysely, clock, pacingOf({ db, clock, config }), logger)],
};
export { seriesTable } from './series.repository.js';
export { serializeSeries } from './series.serializer.js';
