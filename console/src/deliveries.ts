/** Webhook endpoints and their deliveries, each delivery with its recent attempts, in the account's zone. */
import type { ListItem, Scheduling } from '@scheduling/client';
import { h, replace } from './dom.js';
import { sayFailed } from './words.js';
import { formatMoment, zoneLabel } from './zone.js';

type Delivery = ListItem<'/v1/webhook_endpoints/{id}/deliveries'>;

export async function renderDeliveries(root: HTMLElement, client: Scheduling, tz: string): Promise<void> {
  const endpoints = [];
  for await (const e of client.list('/v1/webhook_endpoints', { params: { query: { limit: 100 } } })) endpoints.push(e);
  if (endpoints.length === 0) {
    replace(root, h('section', { class: 'card' }, h('h1', {}, 'Webhook deliveries'), h('p', {}, 'No webhook endpoint yet.')));
    return;
  }
  const select = h('select', { id: 'endpoint' }, ...endpoints.map((e) => h('option', { value: e.id }, `${e.url} (${e.status})`)));
  const body = h('tbody');
  const load = async () => {
    body.replaceChildren();
    try {
      const page = await client.get('/v1/webhook_endpoints/{id}/deliveries', { params: { path: { id: select.value }, query: { limit: 50 } } });
      for (const d of page.data) body.append(row(d, tz));
      if (page.data.length === 0) body.append(h('tr', {}, h('td', { colspan: 5 }, 'No deliveries yet.')));
    } catch (error) {
      sayFailed('Loading the deliveries', error);
    }
  };
  select.addEventListener('change', () => void load());
  replace(
    root,
    h('section', { class: 'card' },
      h('h1', {}, 'Webhook deliveries'),
      h('div', { class: 'row' }, h('label', { for: 'endpoint' }, 'Endpoint'), select, h('button', { type: 'button', onclick: () => void load() }, 'Refresh')),
      h('table', { class: 'list', id: 'deliveries' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, `Created (${zoneLabel(tz)})`), h('th', { scope: 'col' }, 'Event'), h('th', { scope: 'col' }, 'Status'),
          h('th', { scope: 'col' }, 'Attempts'), h('th', { scope: 'col' }, 'Last answer'))),
        body,
      ),
    ),
  );
  await load();
}

function row(d: Delivery, tz: string): HTMLElement {
  return h('tr', { 'data-delivery': d.id },
    h('td', {}, formatMoment(d.created_at, tz)),
    h('td', {}, h('code', {}, d.event_type ?? d.event)),
    h('td', {}, h('span', { class: `chip delivery-${d.status}` }, d.status)),
    h('td', {},
      h('details', {},
        h('summary', {}, `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`),
        h('table', { class: 'attempts' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, `At (${zoneLabel(tz)})`), h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col' }, 'Error'), h('th', { scope: 'col' }, 'ms'))),
          h('tbody', {}, ...d.recent_attempts.map((a) =>
            h('tr', {}, h('td', {}, formatMoment(a.attempted_at, tz)), h('td', {}, a.response_status ?? '—'), h('td', {}, a.error ?? ''), h('td', {}, a.duration_ms)))),
        ),
      ),
    ),
    h('td', {}, d.last_response_status ?? d.last_error ?? '—'),
  );
}
