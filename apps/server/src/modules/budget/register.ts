import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../itineraries/route-parts';
import { budgetLineRoutes, budgetRateRoutes, budgetRoutes, expenseRoutes } from './budget.routes';

/** The budget of a trip: expenses, budget lines, rates (asked of `ratesUrl`) and the summary. */
export function registerBudget(
  app: FastifyInstance,
  deps: RouteDeps & { ratesUrl?: string },
): void {
  expenseRoutes(app, deps);
  budgetLineRoutes(app, deps);
  budgetRateRoutes(app, deps);
  budgetRoutes(app, deps);
}
