/**
 * A budget of work units for one request whose cost is only known part-way (docs/limits.md):
 * a conflict preview runs the previewed write for real, and how many bookings its re-check
 * re-plans is learnt inside it. The preview opens a budget; the re-check charges it before
 * planning anything, and a charge over the budget refuses the request with a 400.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from './errors.js';

interface Budget {
  limit: number;
  spent: number;
  /** How to narrow the request, for the error message. */
  advice: string;
}

const budgets = new AsyncLocalStorage<Budget>();

export function withWorkBudget<T>(limit: number, advice: string, fn: () => Promise<T>): Promise<T> {
  return budgets.run({ limit, spent: 0, advice }, fn);
}

/**
 * The units left in the current budget, or null when none is open: work that can count its
 * cost first counts only up to one unit more than this (a bounded count), then charges it.
 */
export function workLeft(): number | null {
  const budget = budgets.getStore();
  return budget ? Math.max(0, budget.limit - budget.spent) : null;
}

/** Charges `units` of `what` to the current budget, if any; throws 400 when it runs out. */
export function chargeWork(units: number, what: string): void {
  const budget = budgets.getStore();
  if (!budget) return;
  budget.spent += units;
  if (budget.spent <= budget.limit) return;
  throw new ApiError(
    'parameter_invalid',
    `This request would cost ${budget.spent.toLocaleString('en-US')} work units (${what}); the limit is ${budget.limit.toLocaleString('en-US')}. ${budget.advice}`,
    null,
  );
}
