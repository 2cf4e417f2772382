/** Webhook endpoints and their deliveries, each delivery with its recent attempts. */
import type { ListItem, Scheduling } from '@scheduling/client';
import { h, replace, say } from './dom.js';

type Delivery = ListItem<'/v1/webhook_endpoints/{id}/deliveries'>;

export async function renderDeliveries(root: HTMLElement, client: Scheduling): Promise<void> {
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
      for (const d of page.data) body.append(row(d));
      if (page.data.length === 0) body.append(h('tr', {}, h('td', { colspan: 5 }, 'No deliveries yet.')));
    } catch (error) {
      say(`Could not load deliveries: ${(error as Error).message}`, 'error');
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
          h('th', { scope: 'col' }, 'Created'), h('th', { scope: 'col' }, 'Event'), h('th', { scope: 'col' }, 'Status'),
          h('th', { scope: 'col' }, 'Attempts'), h('th', { scope: 'col' }, 'Last answer'))),
        body,
      ),
    ),
  );
  await load();
}

function row(d: Delivery): HTMLElement {
  return h('tr', { 'data-delivery': d.id },
    h('td', {}, new Date(d.created_at).toLocaleString()),
    h('td', {}, h('code', {}, d.event_type ?? d.event)),
    h('td', {}, h('span', { class: `chip delivery-${d.status}` }, d.status)),
    h('td', {},
      h('details', {},
        h('summary', {}, `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`),
        h('table', { class: 'attempts' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'At'), h('th', { scope: 'col' }, 'Status'), h('th', { scope: 'col' }, 'Error'), h('th', { scope: 'col' }, 'ms'))),
          h('tbody', {}, ...d.recent_attempts.map((a) =>
            h('tr', {}, h('td', {}, new Date(a.attempted_at).toLocaleString()), h('td', {}, a.response_status ?? '—'), h('td', {}, a.error ?? ''), h('td', {}, a.duration_ms)))),
        ),
      ),
    ),
    h('td', {}, d.last_response_status ?? d.last_error ?? '—'),
  );
}
