/** The events of the chosen account, newest first, in the account's zone, each with its full JSON on demand. */
import type { ListItem, Scheduling } from '@scheduling/client';
import { h, replace } from './dom.js';
import { sayFailed } from './words.js';
import { formatMoment, zoneLabel } from './zone.js';

type ApiEvent = ListItem<'/v1/events'>;

export async function renderEvents(root: HTMLElement, client: Scheduling, tz: string): Promise<void> {
  const filter = h('input', { id: 'event-type', type: 'search', placeholder: 'booking.*', 'aria-describedby': 'event-type-help' });
  const body = h('tbody');
  const more = h('button', { type: 'button', id: 'more-events', hidden: true }, 'Load more');
  let last: string | undefined;

  const load = async (reset: boolean) => {
    if (reset) {
      body.replaceChildren();
      last = undefined;
    }
    try {
      const query: { limit: number; type?: string; starting_after?: string } = { limit: 25 };
      if (filter.value.trim()) query.type = filter.value.trim();
      if (last) query.starting_after = last;
      const page = await client.get('/v1/events', { params: { query } });
      for (const event of page.data) body.append(row(event, tz));
      last = page.data[page.data.length - 1]?.id;
      more.hidden = !page.has_more;
      if (reset && page.data.length === 0) body.append(h('tr', {}, h('td', { colspan: 3 }, 'No events.')));
    } catch (error) {
      sayFailed(filter.value.trim() ? `Finding the ${filter.value.trim()} events` : 'Loading the events', error);
    }
  };
  more.addEventListener('click', () => void load(false));

  replace(
    root,
    h('section', { class: 'card' },
      h('h1', {}, 'Events'),
      h('form', { class: 'row', role: 'search', onsubmit: (e: Event) => { e.preventDefault(); void load(true); } },
        h('label', { for: 'event-type' }, 'Type'), filter,
        h('button', { type: 'submit' }, 'Filter'),
        h('span', { id: 'event-type-help', class: 'muted' }, 'An exact type or a prefix such as booking.*'),
      ),
      h('table', { class: 'list', id: 'events' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, `When (${zoneLabel(tz)})`), h('th', { scope: 'col' }, 'Type'), h('th', { scope: 'col' }, 'Object'))),
        body,
      ),
      more,
    ),
  );
  await load(true);
}

function row(event: ApiEvent, tz: string): HTMLElement {
  const object = (event.data as { object?: { id?: string; object?: string } }).object;
  return h('tr', { 'data-event': event.id },
    h('td', {}, formatMoment(event.created_at, tz)),
    h('td', {}, h('code', {}, event.type)),
    h('td', {},
      h('details', {},
        h('summary', {}, `${object?.object ?? ''} ${object?.id ?? ''}`),
        h('pre', {}, JSON.stringify(event, null, 2)),
      ),
    ),
  );
}
