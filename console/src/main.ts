/**
 * The console: sign in with a key, pick an account, then the week of a resource, the events
 * and the webhook deliveries. A hash router (#/week, #/events, #/deliveries) keeps every
 * view addressable without any server-side routing.
 */
import './style.css';
import { h, replace, say } from './dom.js';
import { api, session } from './session.js';
import { currentMonday, loadWeek, renderWeek, type WeekState } from './week.js';
import { addDays, dayLabel } from './time.js';
import { renderEvents } from './events.js';
import { renderDeliveries } from './deliveries.js';

const main = document.getElementById('main')!;

function describe(error: unknown): string {
  const e = error as { message?: string };
  return String(e?.message ?? error);
}

function params(): URLSearchParams {
  return new URLSearchParams(location.hash.split('?')[1] ?? '');
}

function go(hash: string) {
  if (location.hash === hash) void route();
  else location.hash = hash;
}

function renderNav(active: string) {
  const nav = document.getElementById('nav')!;
  const who = document.getElementById('who')!;
  if (!session.key) {
    replace(nav);
    replace(who);
    return;
  }
  const link = (hash: string, label: string) =>
    h('a', { href: hash, 'aria-current': active === hash ? 'page' : null }, label);
  replace(nav, session.account && link('#/week', 'Week'), session.account && link('#/events', 'Events'), link('#/deliveries', 'Webhook deliveries'), link('#/accounts', 'Accounts'));
  replace(
    who,
    session.account && h('span', { class: 'account' }, session.account),
    h('button', { type: 'button', id: 'sign-out', onclick: () => { session.signOut(); go('#/signin'); } }, 'Sign out'),
  );
}

function signInView() {
  const input = h('input', { id: 'key', name: 'key', type: 'password', autocomplete: 'off', required: true, placeholder: 'sk_test_…', spellcheck: 'false' });
  replace(
    main,
    h('section', { class: 'card narrow' },
      h('h1', {}, 'Sign in'),
      h('p', {}, 'Use an API key of your platform. It stays in this tab only.'),
      h('form', {
        class: 'stack',
        onsubmit: async (event: Event) => {
          event.preventDefault();
          const key = input.value.trim();
          try {
            await api(key, null).get('/v1/accounts', { params: { query: { limit: 1 } } });
            session.signIn(key);
            say('Signed in.');
            go('#/accounts');
          } catch (error) {
            say(`Sign-in failed: ${describe(error)}`, 'error');
            input.focus();
          }
        },
      }, h('label', { for: 'key' }, 'API key'), input, h('button', { type: 'submit' }, 'Sign in')),
    ),
  );
  input.focus();
}

async function accountsView() {
  const client = api(session.key, null);
  const accounts = [];
  for await (const account of client.list('/v1/accounts', { params: { query: { limit: 100 } } })) {
    accounts.push(account);
    if (accounts.length >= 200) break;
  }
  replace(
    main,
    h('section', { class: 'card' },
      h('h1', {}, 'Pick an account'),
      accounts.length === 0
        ? h('p', {}, 'This platform has no account yet. Create one with POST /v1/accounts (see the quickstart).')
        : h('ul', { class: 'accounts' },
            ...accounts.map((a) =>
              h('li', {},
                h('button', {
                  type: 'button',
                  class: 'account-choice',
                  'data-account': a.id,
                  'aria-pressed': String(a.id === session.account),
                  onclick: () => { session.chooseAccount(a.id); go('#/week'); },
                }, h('strong', {}, a.name), ' ', h('span', { class: 'muted' }, `${a.id} · ${a.timezone}`)),
              ),
            ),
          ),
    ),
  );
}

async function weekView(current: () => boolean) {
  const client = api();
  const resources = [];
  for await (const r of client.list('/v1/resources', { params: { query: { limit: 100, status: 'active' } } })) resources.push(r);
  // A newer navigation started while this one loaded: let it draw.
  if (!current()) return;
  if (resources.length === 0) {
    replace(main, h('section', { class: 'card' }, h('h1', {}, 'Week'), h('p', {}, 'This account has no active resource yet.')));
    return;
  }
  const p = params();
  const resource = resources.find((r) => r.id === p.get('resource')) ?? resources[0]!;
  const monday = p.get('week') ?? currentMonday(resource.timezone);
  const state: WeekState = { resource, monday };
  const hashFor = (r: string, week: string) => `#/week?resource=${encodeURIComponent(r)}&week=${week}`;

  const select = h('select', { id: 'resource', onchange: () => go(hashFor(select.value, monday)) },
    ...resources.map((r) => h('option', { value: r.id, selected: r.id === resource.id }, `${r.name} (${r.type})`)));
  const grid = h('div', { class: 'week-wrap', 'aria-busy': 'true' });
  const details = h('aside', { id: 'details', class: 'card details', hidden: true, 'aria-label': 'Booking details' });
  replace(
    main,
    h('section', { class: 'toolbar' },
      h('h1', {}, `Week of ${dayLabel(monday)}`),
      h('label', { for: 'resource' }, 'Resource'), select,
      h('button', { type: 'button', id: 'prev-week', onclick: () => go(hashFor(resource.id, addDays(monday, -7))) }, '← Previous week'),
      h('button', { type: 'button', onclick: () => go(hashFor(resource.id, currentMonday(resource.timezone))) }, 'This week'),
      h('button', { type: 'button', id: 'next-week', onclick: () => go(hashFor(resource.id, addDays(monday, 7))) }, 'Next week →'),
    ),
    h('div', { class: 'week-layout' }, grid, details),
  );
  const refresh = async () => {
    grid.setAttribute('aria-busy', 'true');
    try {
      const data = await loadWeek(client, state);
      if (!grid.isConnected) return;
      renderWeek(grid, client, state, data, () => void refresh());
      details.hidden = true;
    } catch (error) {
      say(`Could not load the week: ${describe(error)}`, 'error');
    } finally {
      grid.setAttribute('aria-busy', 'false');
    }
  };
  await refresh();
}

/** Increases on each navigation; a view that finishes loading late does not draw over a newer one. */
let generation = 0;

async function route() {
  const mine = ++generation;
  const current = () => mine === generation;
  const path = location.hash.split('?')[0] || '#/';
  if (!session.key) {
    renderNav('');
    return signInView();
  }
  const needsAccount = path === '#/week' || path === '#/events' || path === '#/';
  if (needsAccount && !session.account) return go('#/accounts');
  renderNav(path === '#/' ? '#/week' : path);
  try {
    if (path === '#/accounts') await accountsView();
    else if (path === '#/events') await renderEvents(main, api());
    else if (path === '#/deliveries') await renderDeliveries(main, api(session.key, null));
    else if (path === '#/signin') signInView();
    else await weekView(current);
  } catch (error) {
    say(`Something went wrong: ${describe(error)}`, 'error');
  }
}

window.addEventListener('hashchange', () => void route());
void route();
