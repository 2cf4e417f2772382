/** A tiny DOM builder: every text goes in as a text node, so API data can never inject markup. */
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (name === 'class') el.className = String(value);
    // Through the CSSOM: a strict Content-Security-Policy (no inline styles) still allows it.
    else if (name === 'style') el.style.cssText = String(value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/**
 * The shared live region: what just happened, or what went wrong, for every user, in plain
 * words. `details` (error codes, ids, the API's own message) sit behind a "Details" disclosure.
 */
export function say(message: string, kind: 'info' | 'error' = 'info', details?: string): void {
  const status = document.getElementById('status')!;
  replace(status, h('span', { class: 'message' }, message), details && h('details', {}, h('summary', {}, 'Details'), h('code', {}, details)));
  status.className = kind;
}
