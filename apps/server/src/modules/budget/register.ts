import type { FastifyInstance } from 'fastify';
import type { KeptPartDeps } from '../itineraries/route-parts';
import { budgetLineRoutes, budgetRateRoutes, budgetRoutes, expenseRoutes } from './budget.routes';

/** The budget of a trip: expenses, budget lines, rates (asked of `ratesUrl`) and the summary. */
export function registerBudget(
  app: FastifyInstance,
  deps: KeptPartDeps & { ratesUrl?: string },
): void {
  expenseRoutes(app, deps);
  budgetLineRoutes(app, deps);
  budgetRateRoutes(app, deps);
  budgetRoutes(app, deps);
}
