/** The few calls a client secret may make (docs/elements.md#the-client-secret), on the service the element came from. */
export interface ApiErrorBody {
  code: string;
  message: string;
  param?: string | null;
}

export class BookerApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface Slot {
  start: string;
  end: string;
}

/** One page of the session's search: next_from (when has_more) is where the next page starts. */
export interface SlotPage {
  timezone: string;
  slots: Slot[];
  has_more: boolean;
  next_from: string | null;
}

export interface Session {
  id: string;
  status: 'open' | 'completed' | 'expired';
  customer: Record<string, string | null> | null;
  customer_fields: string[];
  expires_at: string;
  business: { name: string; accent_color: string | null };
}

export interface Booking {
  id: string;
  status: string;
  start: string;
  end: string;
  expires_at: string | null;
  customer: Record<string, string | null> | null;
}

/** The element's API: every request carries the client secret as its bearer. */
export function bookerApi(base: string, secret: string) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      // A refused CORS answer or a network failure: the browser tells nothing more.
      throw new BookerApiError(0, 'network_error', (err as Error).message);
    }
    const parsed = await res.json().catch(() => ({}));
    if (!res.ok) {
      const error = (parsed as { error?: ApiErrorBody }).error;
      throw new BookerApiError(res.status, error?.code ?? 'http_error', error?.message ?? `HTTP ${res.status}`);
    }
    return parsed as T;
  }
  // The session id is the first part of its client secret: bks_<session>_<account>_<random>.
  const sessionId = `bs_${secret.split('_')[1] ?? ''}`;
  return {
    session: () => call<Session>('GET', `/v1/booking_sessions/${sessionId}`),
    slots: (from?: string) => call<SlotPage>('POST', '/v1/availability', { limit: 1000, ...(from ? { from } : {}) }),
    hold: (start: string) => call<Booking>('POST', '/v1/bookings', { start }),
    fill: (id: string, customer: Record<string, string>) => call<Booking>('POST', `/v1/bookings/${id}`, { customer }),
    confirm: (id: string) => call<Booking>('POST', `/v1/bookings/${id}/confirm`),
  };
}
export type BookerApi = ReturnType<typeof bookerApi>;
