/**
 * Runs before every test file. Test files share their worker's modules (vitest.config.ts:
 * `isolate: false`), so what one file changes in the runner must not reach the next one:
 * a faked clock (vi.useFakeTimers, e.g. availability-support's pinNow) and vi.setConfig.
 */
import { vi } from 'vitest';

vi.useRealTimers();
vi.resetConfig();
