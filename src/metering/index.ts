/**
 * Usage metering, the write side (docs/usage.md): every feature, the capacity module, the
 * events outbox and the HTTP layer count what they do through here, inside their own
 * transactions. The usage feature (src/features/usage) reads the counters and issues the
 * monthly statements.
 */
export * as usageMeter from './meter.js';
export type { DeliveriesCounter } from './meter.js';
export { RequestMeter, DEFAULT_FLUSH_INTERVAL_MS } from './request-meter.js';
export {
  COUNTERS,
  zeroCounters,
  markPeriodActive,
  readPeriodCounters,
  firstUsagePeriods,
  type AccountUsageRow,
  type CounterName,
  type Counters,
  type CounterScope,
} from './counters.repository.js';
