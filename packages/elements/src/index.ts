/**
 * <scheduling-booker client-secret="bks_…">: a framework-free booker (docs/elements.md). It shows
 * the session's free days and times in the visitor's time zone (with a switch), holds the time
 * chosen while the person fills in their details, then confirms. It emits `slot-held`, `booked`
 * (cancelable: on the hosted page, not cancelled, it goes to return-url), `expired` and `error`.
 *
 * Attributes: client-secret (required), locale (default: the browser's), time-zone (default:
 * the browser's), api-base (default: the origin this script was loaded from), return-url.
 * Theming: the --sb-* custom properties and the parts named in `part="…"` below.
 */
import { BookerApiError, bookerApi, type BookerApi, type Booking, type Session, type Slot } from './api.js';
import { stringsFor, type Strings } from './strings.js';
import { STYLES } from './styles.js';

const SCRIPT_ORIGIN = new URL(import.meta.url).origin;
const FIELD_TYPES: Record<string, string> = { email: 'email', phone: 'tel' };
const AUTOCOMPLETE: Record<string, string> = { name: 'name', email: 'email', phone: 'tel', locale: 'language', time_zone: 'off' };

const h = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
};

/** The events the element emits, each a `CustomEvent` with this `detail` (docs/elements.md, "Events"). */
export interface SchedulingBookerEventDetails {
  'slot-held': { booking: string; start: string; end: string; expires_at: string | null };
  /** Cancelable: `preventDefault()` keeps the hosted page from going to `return-url`. */
  booked: { booking: string; status: string; start: string; end: string };
  expired: { reason: 'session' } | { reason: 'hold'; start: string | null };
  /** `code`: an API error code, `network_error`, or `unknown`. */
  error: { code: string; message: string };
}

/** `addEventListener` on the element, typed by the event's name. */
export type SchedulingBookerEventMap = HTMLElementEventMap & { [K in keyof SchedulingBookerEventDetails]: CustomEvent<SchedulingBookerEventDetails[K]> };

declare global {
  interface HTMLElementTagNameMap {
    'scheduling-booker': SchedulingBooker;
  }
}

/** Listeners typed by the event's name (merged into the class below). */
export interface SchedulingBooker {
  addEventListener<K extends keyof SchedulingBookerEventMap>(type: K, listener: (this: SchedulingBooker, event: SchedulingBookerEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof SchedulingBookerEventMap>(type: K, listener: (this: SchedulingBooker, event: SchedulingBookerEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

export class SchedulingBooker extends HTMLElement {
  static observedAttributes = ['client-secret', 'locale', 'time-zone'];

  private readonly root: ShadowRoot;
  private api: BookerApi | null = null;
  private session: Session | null = null;
  private slots: Slot[] = [];
  /** Where the session's later times start, when there are more than the element has loaded. */
  private nextFrom: string | null = null;
  private zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  private serviceZone = 'UTC';
  private day: string | null = null;
  private held: Booking | null = null;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  private done = false;
  private started = false;
  private t: Strings = stringsFor('en');
  private locale = 'en';

  private readonly ui = {
    title: h('h2', { part: 'title' }),
    zoneLabel: h('label', { part: 'timezone' }),
    zone: h('select', { part: 'timezone-select' }),
    status: h('div', { part: 'status', class: 'status', role: 'status', 'aria-live': 'polite' }),
    days: h('ul', { part: 'days', class: 'grid' }),
    timesTitle: h('h3', { part: 'times-title' }),
    times: h('ul', { part: 'times', class: 'grid' }),
    form: h('form', { part: 'form', novalidate: '' }),
  };

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    const style = h('style', {}, STYLES);
    const box = h('div', { part: 'container', class: 'box' });
    const header = h('header', { part: 'header' });
    const zoneText = h('span');
    this.ui.zoneLabel.append(zoneText, this.ui.zone);
    header.append(this.ui.title, this.ui.zoneLabel);
    const daysSection = h('section', { 'aria-labelledby': 'sb-days' });
    daysSection.append(h('h3', { id: 'sb-days', part: 'days-title' }), this.ui.days);
    const timesSection = h('section', { 'aria-labelledby': 'sb-times' });
    this.ui.timesTitle.id = 'sb-times';
    timesSection.append(this.ui.timesTitle, this.ui.times);
    box.append(header, this.ui.status, daysSection, timesSection, this.ui.form);
    this.root.append(style, box);
    this.ui.zone.addEventListener('change', () => {
      this.zone = this.ui.zone.value;
      this.render();
    });
    this.ui.form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.confirm();
    });
  }

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    void this.start();
  }

  disconnectedCallback(): void {
    clearTimeout(this.holdTimer);
  }

  attributeChangedCallback(name: string, before: string | null, after: string | null): void {
    if (before === after || !this.started) return;
    if (name === 'client-secret') void this.start();
    else this.render();
  }

  // ---- the steps ----

  private async start(): Promise<void> {
    const secret = this.getAttribute('client-secret') ?? '';
    this.locale = this.getAttribute('locale') ?? navigator.language ?? 'en';
    this.t = stringsFor(this.locale);
    this.zone = this.getAttribute('time-zone') ?? this.zone;
    this.api = bookerApi(this.getAttribute('api-base') ?? SCRIPT_ORIGIN, secret);
    this.held = null;
    this.done = false;
    this.render();
    this.say(this.t.loading);
    try {
      this.session = await this.api.session();
      if (this.session.status !== 'open') return this.expire('session');
      await this.loadSlots();
    } catch (err) {
      this.fail(err);
    }
  }

  private async loadSlots(after?: string): Promise<void> {
    const found = await this.fetchSlots();
    this.slots = found.slots;
    const next = after ? this.slots.find((s) => s.start > after) : this.slots[0];
    this.day = next ? this.dayOf(next.start) : null;
    this.render();
    if (!after) this.say(this.slots.length ? '' : this.t.noTimes);
  }

  /** The next page of the session's times, after the last day shown: its first day is chosen. */
  private async loadLater(): Promise<void> {
    try {
      const found = await this.fetchSlots(this.nextFrom!);
      const last = this.slots[this.slots.length - 1]?.start ?? '';
      const later = found.slots.filter((s) => s.start > last);
      this.slots = [...this.slots, ...later];
      if (later[0]) this.day = this.dayOf(later[0].start);
      this.render();
      (this.ui.days.querySelector('[aria-pressed=true]') as HTMLButtonElement | null)?.focus();
    } catch (err) {
      this.fail(err);
    }
  }

  /**
   * The session's times from `from` on, following next_from past pages that hold none (a search
   * covers at most 62 days, and a window may have a quiet stretch); the rest is left for later.
   */
  private async fetchSlots(from?: string): Promise<{ slots: Slot[] }> {
    let page = await this.api!.slots(from);
    while (!page.slots.length && page.has_more && page.next_from) page = await this.api!.slots(page.next_from);
    this.serviceZone = page.timezone || 'UTC';
    this.nextFrom = page.has_more ? page.next_from : null;
    return page;
  }

  private async hold(slot: Slot, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    try {
      this.held = await this.api!.hold(slot.start);
      this.emit('slot-held', { booking: this.held.id, start: this.held.start, end: this.held.end, expires_at: this.held.expires_at });
      this.watchHold();
      this.render();
      this.say(this.t.held(this.time(this.held.expires_at ?? this.held.end)));
      this.ui.form.querySelector('input')?.focus();
    } catch (err) {
      if (err instanceof BookerApiError && err.code === 'booking_conflict') {
        this.emit('error', { code: err.code, message: err.message });
        await this.loadSlots(slot.start);
        this.say(this.t.taken, true);
        (this.ui.times.querySelector('button') as HTMLButtonElement | null)?.focus();
      } else this.fail(err);
    } finally {
      button.disabled = false;
    }
  }

  private async confirm(): Promise<void> {
    if (!this.held || !this.session) return;
    const button = this.ui.form.querySelector('button[type=submit]') as HTMLButtonElement;
    const customer: Record<string, string> = {};
    for (const input of this.ui.form.querySelectorAll('input')) {
      if (input.value.trim() !== '' && input.value !== (this.session.customer?.[input.name] ?? '')) customer[input.name] = input.value.trim();
    }
    button.disabled = true;
    try {
      if (Object.keys(customer).length) await this.api!.fill(this.held.id, customer);
      const booking = await this.api!.confirm(this.held.id);
      clearTimeout(this.holdTimer);
      this.held = null;
      this.done = true;
      this.render();
      const when = this.dateTime(booking.start);
      this.say(booking.status === 'requested' ? this.t.requested(when) : this.t.booked(when));
      const proceed = this.emit('booked', { booking: booking.id, status: booking.status, start: booking.start, end: booking.end }, true);
      const back = this.getAttribute('return-url');
      if (proceed && back) window.location.assign(back);
    } catch (err) {
      if (err instanceof BookerApiError && err.code === 'invalid_state_transition') return this.holdLapsed();
      this.fail(err);
    } finally {
      button.disabled = false;
    }
  }

  /** The hold ends at its expires_at: the person is told, and chooses again. */
  private watchHold(): void {
    clearTimeout(this.holdTimer);
    const end = this.held?.expires_at ? Date.parse(this.held.expires_at) : NaN;
    if (!Number.isNaN(end)) this.holdTimer = setTimeout(() => void this.holdLapsed(), Math.max(0, end - Date.now()));
  }

  private async holdLapsed(): Promise<void> {
    const start = this.held?.start ?? null;
    this.held = null;
    this.emit('expired', { reason: 'hold', start });
    try {
      await this.loadSlots();
      this.say(this.t.holdExpired, true);
    } catch (err) {
      this.fail(err);
    }
  }

  private expire(reason: 'session'): void {
    clearTimeout(this.holdTimer);
    this.session = null;
    this.slots = [];
    this.held = null;
    this.render();
    this.say(this.t.expired, true);
    this.emit('expired', { reason });
  }

  private fail(err: unknown): void {
    if (err instanceof BookerApiError && (err.code === 'booking_session_expired' || err.status === 401)) return this.expire('session');
    // Past its end, a session's origin may have no open session left to answer a preflight
    // (docs/elements.md#cors): the refusal then means the session ended.
    if (err instanceof BookerApiError && err.code === 'network_error' && this.session && Date.parse(this.session.expires_at) <= Date.now()) return this.expire('session');
    const code = err instanceof BookerApiError ? err.code : 'unknown';
    this.say(this.t.failed, true);
    this.emit('error', { code, message: (err as Error).message });
  }

  // ---- rendering ----

  private render(): void {
    const t = this.t;
    this.ui.title.textContent = this.session?.business.name ? `${t.title} · ${this.session.business.name}` : t.title;
    (this.ui.zoneLabel.firstChild as HTMLElement).textContent = t.timeZone;
    this.root.getElementById('sb-days')!.textContent = t.days;
    const zones = [...new Set([this.zone, Intl.DateTimeFormat().resolvedOptions().timeZone, this.serviceZone, 'UTC'])];
    this.ui.zone.replaceChildren(...zones.map((z) => h('option', z === this.zone ? { value: z, selected: '' } : { value: z }, z.replace(/_/g, ' '))));
    const choosing = !!this.session && !this.held && !this.done;
    this.ui.days.parentElement!.hidden = !choosing || !this.slots.length;
    this.ui.times.parentElement!.hidden = !choosing || !this.day;
    this.ui.form.hidden = !this.held;
    if (choosing) this.renderTimes();
    if (this.held) this.renderForm();
  }

  private renderTimes(): void {
    const days = [...new Set(this.slots.map((s) => this.dayOf(s.start)))];
    if (this.day && !days.includes(this.day)) this.day = days[0] ?? null;
    this.ui.days.replaceChildren(
      ...days.map((day) => {
        const first = this.slots.find((s) => this.dayOf(s.start) === day)!;
        const button = h('button', { type: 'button', part: 'day', 'aria-pressed': String(day === this.day) }, this.dayLabel(first.start, { weekday: 'short', day: 'numeric', month: 'short' }));
        button.addEventListener('click', () => {
          this.day = day;
          this.render();
          (this.ui.days.querySelector('[aria-pressed=true]') as HTMLButtonElement | null)?.focus();
        });
        const li = h('li');
        li.append(button);
        return li;
      }),
    );
    if (this.nextFrom) {
      const later = h('button', { type: 'button', part: 'day later' }, this.t.later);
      later.addEventListener('click', () => void this.loadLater());
      const li = h('li');
      li.append(later);
      this.ui.days.append(li);
    }
    const slots = this.slots.filter((s) => this.dayOf(s.start) === this.day);
    this.ui.timesTitle.textContent = slots[0] ? this.t.timesOn(this.dayLabel(slots[0].start, { weekday: 'long', day: 'numeric', month: 'long' })) : '';
    this.ui.times.replaceChildren(
      ...slots.map((slot) => {
        // The list is named by its heading ("Free times on Tuesday 3 March"): the button says the time.
        const button = h('button', { type: 'button', part: 'time' }, this.time(slot.start));
        button.addEventListener('click', () => void this.hold(slot, button));
        const li = h('li');
        li.append(button);
        return li;
      }),
    );
  }

  private renderForm(): void {
    const session = this.session!;
    const t = this.t;
    const fields = session.customer_fields.map((name) => {
      const label = h('label', { part: 'field' });
      const input = h('input', {
        name,
        part: 'input',
        type: FIELD_TYPES[name] ?? 'text',
        autocomplete: AUTOCOMPLETE[name] ?? 'off',
        ...(name === 'name' || name === 'email' ? { required: '', 'aria-required': 'true' } : {}),
      });
      input.value = session.customer?.[name] ?? '';
      label.append(document.createTextNode((t as unknown as Record<string, string>)[name] ?? name), input);
      return label;
    });
    const actions = h('div', { class: 'actions' });
    const submit = h('button', { type: 'submit', part: 'button confirm', class: 'primary' }, t.confirm);
    const back = h('button', { type: 'button', part: 'button back' }, t.back);
    back.addEventListener('click', () => {
      clearTimeout(this.holdTimer);
      this.held = null;
      this.render();
      this.say('');
    });
    actions.append(submit, back);
    const summary = h('h3', { part: 'summary' }, this.dateTime(this.held!.start));
    this.ui.form.replaceChildren(summary, ...fields, actions);
  }

  // ---- helpers ----

  private say(text: string, alert = false): void {
    this.ui.status.textContent = text;
    this.ui.status.classList.toggle('alert', alert);
  }

  private emit<K extends keyof SchedulingBookerEventDetails>(type: K, detail: SchedulingBookerEventDetails[K], cancelable = false): boolean {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
  }

  /** The local date of an instant in the chosen zone, YYYY-MM-DD (a day key). */
  private dayOf(iso: string): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone: this.zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  }

  private dayLabel(iso: string, options: Intl.DateTimeFormatOptions): string {
    return new Intl.DateTimeFormat(this.locale, { ...options, timeZone: this.zone }).format(new Date(iso));
  }

  private time(iso: string): string {
    return new Intl.DateTimeFormat(this.locale, { hour: 'numeric', minute: '2-digit', timeZone: this.zone }).format(new Date(iso));
  }

  private dateTime(iso: string): string {
    return new Intl.DateTimeFormat(this.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: this.zone }).format(new Date(iso));
  }
}

if (!customElements.get('scheduling-booker')) customElements.define('scheduling-booker', SchedulingBooker);

declare global {
  interface HTMLElementTagNameMap {
    'scheduling-booker': SchedulingBooker;
  }
}
