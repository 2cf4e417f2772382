/**
 * The statement texts a driver has sent once: a text is prepared from its second sighting on,
 * so one-off statements stay unnamed (pglite-driver.ts on the embedded database,
 * pg-prepared.ts on PostgreSQL).
 */

/**
 * Beyond this many prepared texts, new texts run unprepared: each holds a plan in the engine's
 * memory (per connection on PostgreSQL). The one bound of both drivers.
 */
export const MAX_PREPARED_TEXTS = 1000;

/** Texts seen once are remembered up to this many, then forgotten all at once: texts that vary (a multi-row insert's VALUES lists) must not grow a long-running server's memory. */
const MAX_SEEN = 10_000;

export class RepeatedTexts {
  readonly #seen = new Set<string>();

  /** Whether `text` was sent before (then it is forgotten here: the caller prepares it); else it is remembered. */
  seenBefore(text: string): boolean {
    if (this.#seen.delete(text)) return true;
    if (this.#seen.size >= MAX_SEEN) this.#seen.clear();
    this.#seen.add(text);
    return false;
  }
}
