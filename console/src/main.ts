/**
 * The console: sign in with a key, pick an account, then the week of a resource, the events
 * and the webhook deliveries. A hash router (#/week, #/events, #/deliveries) keeps every
 * view addressable without any server-side routing.
 */
import './style.css';
import type { ListItem } from '@scheduling/client';
import { h, replace, say } from './dom.js';
import { api, session } from './session.js';
import { currentMonday, loadWeek, renderWeek, today, type WeekState } from './week.js';
import { addDays, dayLabel, mondayOf } from './time.js';
import { sayFailed } from './words.js';
import { viewerZone } from './zone.js';
import { renderEvents } from './events.js';
import { renderDeliveries } from './deliveries.js';

const main = document.getElementById('main')!;

function params(): URLSearchParams {
  return new URLSearchParams(location.hash.split('?')[1] ?? '');
}

function go(hash: string) {
  if (location.hash === hash) void route();
  else location.hash = hash;
}

/** The business name of the chosen account, once known (accountFacts caches it for the tab). */
function businessName(): string | null {
  const cached = session.account ? sessionStorage.getItem(`scheduling.facts.${session.account}`) : null;
  return cached ? (JSON.parse(cached) as { name: string }).name : null;
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
    session.account && h('span', { class: 'account', id: 'business' }, businessName() ?? ''),
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
            sayFailed('Signing in', error);
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

/** Below this width the console shows one day, or three, with a day switcher (a phone). */
const PHONE = '(max-width: 700px)';

interface AccountFacts {
  name: string;
  labelKey: string | null;
  /** The account's zone: the events and deliveries show their times in it. */
  timezone: string;
}

/** The account's business name for the header, the metadata key that labels bookings, and its zone. */
async function accountFacts(): Promise<AccountFacts> {
  const id = session.account;
  if (!id) return { name: '', labelKey: null, timezone: viewerZone() };
  const cached = sessionStorage.getItem(`scheduling.facts.${id}`);
  if (cached && 'timezone' in JSON.parse(cached)) return JSON.parse(cached);
  const account = await api(session.key, null).get('/v1/accounts/{id}', { params: { path: { id } } });
  const facts: AccountFacts = { name: account.display_name ?? account.name, labelKey: account.booking_label_metadata_key ?? null, timezone: account.timezone };
  sessionStorage.setItem(`scheduling.facts.${id}`, JSON.stringify(facts));
  return facts;
}

async function weekView(current: () => boolean) {
  const client = api();
  const resources: ListItem<'/v1/resources'>[] = [];
  for await (const r of client.list('/v1/resources', { params: { query: { limit: 100, status: 'active' } } })) resources.push(r);
  const facts = await accountFacts();
  // A newer navigation started while this one loaded: let it draw.
  if (!current()) return;
  if (resources.length === 0) {
    replace(main, h('section', { class: 'card' }, h('h1', {}, 'Week'), h('p', {}, 'This account has no active resource yet.')));
    return;
  }
  const p = params();
  const resource = resources.find((r) => r.id === p.get('resource')) ?? resources[0]!;
  const tz = resource.timezone;
  const monday = p.get('week') ?? currentMonday(tz);
  const phone = matchMedia(PHONE).matches;
  const span = phone ? (p.get('span') === '3' ? 3 : 1) : 7;
  const now = today(tz);
  const start = phone ? (p.get('day') ?? (now >= monday && now < addDays(monday, 7) ? now : monday)) : monday;
  const state: WeekState = { resource, resources, start, span, labelKey: facts.labelKey };
  const hashFor = (r: string, day: string, n = span) =>
    phone ? `#/week?resource=${encodeURIComponent(r)}&week=${mondayOf(day)}&day=${day}&span=${n}` : `#/week?resource=${encodeURIComponent(r)}&week=${mondayOf(day)}`;
  const step = phone ? span : 7;
  const title = span === 7 ? `Week of ${dayLabel(monday)}` : span === 1 ? dayLabel(start) : `${dayLabel(start)} – ${dayLabel(addDays(start, span - 1))}`;

  const select = h('select', { id: 'resource', onchange: () => go(hashFor(select.value, start)) },
    ...resources.map((r) => h('option', { value: r.id, selected: r.id === resource.id }, `${r.name} (${r.type})`)));
  const grid = h('div', { class: 'week-wrap', 'aria-busy': 'true' });
  const details = h('aside', { id: 'details', class: 'card details', hidden: true, 'aria-labelledby': 'details-title' });
  const unit = span === 7 ? 'week' : span === 1 ? 'day' : '3 days';
  replace(
    main,
    h('section', { class: 'toolbar' },
      h('h1', {}, title),
      h('div', { class: 'row' },
        h('label', { for: 'resource' }, 'Resource'), select,
      ),
      h('div', { class: 'row switcher' },
        h('button', { type: 'button', id: 'prev-week', 'aria-label': `Previous ${unit}`, onclick: () => go(hashFor(resource.id, addDays(start, -step))) }, '←'),
        h('button', { type: 'button', id: 'today', onclick: () => go(hashFor(resource.id, phone ? now : currentMonday(tz))) }, 'Today'),
        h('button', { type: 'button', id: 'next-week', 'aria-label': `Next ${unit}`, onclick: () => go(hashFor(resource.id, addDays(start, step))) }, '→'),
        phone && h('button', { type: 'button', id: 'span-1', 'aria-pressed': String(span === 1), onclick: () => go(hashFor(resource.id, start, 1)) }, 'Day'),
        phone && h('button', { type: 'button', id: 'span-3', 'aria-pressed': String(span === 3), onclick: () => go(hashFor(resource.id, start, 3)) }, '3 days'),
      ),
    ),
    h('div', { class: 'week-layout' }, grid, details),
  );
  const refresh = async (focus?: string) => {
    grid.setAttribute('aria-busy', 'true');
    try {
      const data = await loadWeek(client, state);
      if (!grid.isConnected) return;
      state.focus = focus;
      details.hidden = true;
      renderWeek(grid, client, state, data, (next) => void refresh(next));
    } catch (error) {
      sayFailed('Loading the days', error, { name: (id) => resources.find((r) => r.id === id)?.name ?? 'The resource' });
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
    else if (path === '#/events') await renderEvents(main, api(), (await accountFacts()).timezone);
    // Endpoints belong to the platform: their times read in the chosen account's zone, else the viewer's.
    else if (path === '#/deliveries') await renderDeliveries(main, api(session.key, null), (await accountFacts()).timezone);
    else if (path === '#/signin') signInView();
    else await weekView(current);
    if (current() && session.account) document.getElementById('business')!.textContent = businessName() ?? '';
  } catch (error) {
    sayFailed('Loading this page', error);
  }
}

window.addEventListener('hashchange', () => void route());
// Crossing the phone width redraws: a week on a tablet, one day or three on a phone.
matchMedia(PHONE).addEventListener('change', () => void route());
void route();
