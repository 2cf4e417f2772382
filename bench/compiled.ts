/**
 * The service's own code as `serve` runs it: the compiled modules in dist/, typed as their
 * sources. The in-process figures of `npm run bench -- http` run these. Run from the TypeScript
 * sources through tsx, whose wrappers keep every function's name, the same 30-day search took
 * 2.24 ms against 2.02 ms compiled, in one process (docs/performance.md, "Where the floor is"):
 * the availability bounds were that much high. Call after `buildIfStale`.
 */
const compiledModule = <T>(path: string): Promise<T> => import(new URL(`../dist/${path}`, import.meta.url).href) as Promise<T>;

export async function compiledService() {
  const [db, availability, calendar, bookings, accounts, clock] = await Promise.all([
    compiledModule<typeof import('../src/db/connect.js')>('db/connect.js'),
    compiledModule<typeof import('../src/features/availability/index.js')>('features/availability/index.js'),
    compiledModule<typeof import('../src/features/availability/calendar.service.js')>('features/availability/calendar.service.js'),
    compiledModule<typeof import('../src/features/bookings/bookings.service.js')>('features/bookings/bookings.service.js'),
    compiledModule<typeof import('../src/tenancy/accounts.repository.js')>('tenancy/accounts.repository.js'),
    compiledModule<typeof import('../src/lib/clock.js')>('lib/clock.js'),
  ]);
  return {
    connect: db.connect,
    searchAvailability: availability.searchAvailability,
    availabilityCalendarFor: calendar.availabilityCalendarFor,
    BookingsService: bookings.BookingsService,
    scopeOfAccount: accounts.scopeOfAccount,
    systemClock: clock.systemClock,
  };
}

export type CompiledService = Awaited<ReturnType<typeof compiledService>>;
