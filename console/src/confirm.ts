/**
 * The one confirmation rule of both pages (the console and a manage link's page): cancelling
 * and moving a booking ask once, in a dialog that says what will happen, and act only on
 * "yes". Escape, the second button, or a click on the backdrop answer "no"; focus goes back to
 * where it was.
 */
import { h } from './dom.js';

export interface ConfirmStep {
  title: string;
  /** What happens: the new time, who is told, what cannot be undone. One paragraph each. */
  lines: string[];
  yes: string;
  no: string;
  danger?: boolean;
}

export function confirmStep(step: ConfirmStep): Promise<boolean> {
  const before = document.activeElement as HTMLElement | null;
  return new Promise((resolve) => {
    const dialog = h('dialog', { class: 'confirm', 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' });
    let answer = false;
    const close = (value: boolean) => {
      answer = value;
      dialog.close();
    };
    const yes = h('button', { type: 'button', id: 'confirm-yes', class: step.danger ? 'danger' : 'primary', onclick: () => close(true) }, step.yes);
    dialog.append(
      h('h2', { id: 'confirm-title' }, step.title),
      h('div', { id: 'confirm-text' }, ...step.lines.map((line) => h('p', {}, line))),
      h('div', { class: 'row' }, yes, h('button', { type: 'button', id: 'confirm-no', onclick: () => close(false) }, step.no)),
    );
    // A click on the backdrop lands on the dialog element itself.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) close(false);
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      if (before?.isConnected) before.focus();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    yes.focus();
  });
}
