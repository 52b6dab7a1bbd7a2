import {
  budgetLineSchema,
  budgetRateSchema,
  budgetSummarySchema,
  createBudgetLineSchema,
  createBudgetRateSchema,
  createExpenseSchema,
  expenseSchema,
  updateBudgetLineSchema,
  updateBudgetRateSchema,
  updateExpenseSchema,
} from '@jammy/shared/budget';
import { idSchema } from '@jammy/shared/ids';
import { versionOnlySchema } from '@jammy/shared/itineraries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, replies } from '../../lib/contract';
import { expectedVersion } from '../../lib/versions';
import type { Caller } from '../itineraries/access';
import { notModified } from '../../lib/http-cache';
import {
  allOf,
  answerPart,
  callerOf,
  CREATE_ERRORS,
  itineraryParams,
  type KeptPartDeps,
  READ_ERRORS,
  type RouteDeps,
  WRITE_ERRORS,
} from '../itineraries/route-parts';
import {
  changeBudgetLine,
  createBudgetLine,
  deleteBudgetLine,
  readBudgetLine,
  readBudgetLines,
} from './budget-lines.service';
import {
  changeBudgetRate,
  createBudgetRate,
  deleteBudgetRate,
  readBudgetRate,
  readBudgetRates,
} from './budget-rates.service';
import { presentBudgetLine, presentBudgetRate, presentExpense } from './budget.presenter';
import { readBudget } from './budget.service';
import {
  changeExpense,
  createExpense,
  deleteExpense,
  readExpense,
  readExpenses,
} from './expenses.service';

// The budget of a trip: its expenses, the amounts planned per category (budget lines), the
// rates for costs in other currencies (budget rates), and the summary computed from them.

const tags = ['budget'];

const expenseParams = itineraryParams.extend({ expenseId: idSchema });

/** /api/itineraries/{id}/expenses: what was spent, by whom, shared by whom. */
export function expenseRoutes(root: FastifyInstance, deps: RouteDeps & { ratesUrl?: string }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, ratesUrl } = deps;

  app.get(
    '/api/itineraries/:id/expenses',
    {
      schema: {
        tags,
        summary: 'Expenses, newest day first',
        params: itineraryParams,
        response: replies({ 200: allOf(expenseSchema) }, READ_ERRORS),
      },
    },
    async (request) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const rows = await readExpenses(db, caller);
      return { items: rows.map(presentExpense), nextCursor: null };
    },
  );

  app.post(
    '/api/itineraries/:id/expenses',
    {
      schema: {
        tags,
        summary: 'Record an expense (its rate to the trip currency is kept with it)',
        params: itineraryParams,
        body: createExpenseSchema,
        response: replies({ 201: expenseSchema }, CREATE_ERRORS),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const row = await createExpense(db, caller, request.body, ratesUrl);
      return reply.status(201).send(presentExpense(row));
    },
  );

  app.get(
    '/api/itineraries/:id/expenses/:expenseId',
    {
      schema: {
        tags,
        summary: 'One expense',
        params: expenseParams,
        response: replies({ 200: expenseSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, expenseId } = request.params;
      const caller = await callerOf(sessions, request, id);
      return presentExpense(await readExpense(db, caller, expenseId));
    },
  );

  app.patch(
    '/api/itineraries/:id/expenses/:expenseId',
    {
      schema: {
        tags,
        summary: 'Change an expense',
        params: expenseParams,
        body: updateExpenseSchema,
        response: replies({ 200: expenseSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, expenseId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      const row = await changeExpense(db, caller, expenseId, changes, expected, ratesUrl);
      return presentExpense(row);
    },
  );

  app.delete(
    '/api/itineraries/:id/expenses/:expenseId',
    {
      schema: {
        tags,
        summary: 'Delete an expense',
        params: expenseParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, expenseId } = request.params;
      const caller = await callerOf(sessions, request, id);
      await deleteExpense(db, caller, expenseId, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );
}

const lineParams = itineraryParams.extend({ lineId: idSchema });

/** /api/itineraries/{id}/budget-lines: the amounts planned per category (and stage). */
export function budgetLineRoutes(root: FastifyInstance, deps: RouteDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    '/api/itineraries/:id/budget-lines',
    {
      schema: {
        tags,
        summary: 'Planned amounts per category (and stage), in the trip currency',
        params: itineraryParams,
        response: replies({ 200: allOf(budgetLineSchema) }, READ_ERRORS),
      },
    },
    async (request) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const rows = await readBudgetLines(db, caller);
      return { items: rows.map(presentBudgetLine), nextCursor: null };
    },
  );

  app.post(
    '/api/itineraries/:id/budget-lines',
    {
      schema: {
        tags,
        summary: 'Plan an amount for a category (in the trip currency)',
        params: itineraryParams,
        body: createBudgetLineSchema,
        response: replies({ 201: budgetLineSchema }, CREATE_ERRORS),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const row = await createBudgetLine(db, caller, request.body);
      return reply.status(201).send(presentBudgetLine(row));
    },
  );

  app.get(
    '/api/itineraries/:id/budget-lines/:lineId',
    {
      schema: {
        tags,
        summary: 'One budget line',
        params: lineParams,
        response: replies({ 200: budgetLineSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, lineId } = request.params;
      const caller = await callerOf(sessions, request, id);
      return presentBudgetLine(await readBudgetLine(db, caller, lineId));
    },
  );

  app.patch(
    '/api/itineraries/:id/budget-lines/:lineId',
    {
      schema: {
        tags,
        summary: 'Change a planned amount',
        params: lineParams,
        body: updateBudgetLineSchema,
        response: replies({ 200: budgetLineSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, lineId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      return presentBudgetLine(await changeBudgetLine(db, caller, lineId, changes, expected));
    },
  );

  app.delete(
    '/api/itineraries/:id/budget-lines/:lineId',
    {
      schema: {
        tags,
        summary: 'Delete a planned amount',
        params: lineParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, lineId } = request.params;
      const caller = await callerOf(sessions, request, id);
      await deleteBudgetLine(db, caller, lineId, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );
}

const rateParams = itineraryParams.extend({ rateId: idSchema });

/** /api/itineraries/{id}/budget-rates: the trip's rates for costs in other currencies. */
export function budgetRateRoutes(root: FastifyInstance, deps: RouteDeps & { ratesUrl?: string }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, ratesUrl } = deps;

  app.get(
    '/api/itineraries/:id/budget-rates',
    {
      schema: {
        tags,
        summary: "The trip's rates for costs of bookings and places in other currencies",
        params: itineraryParams,
        response: replies({ 200: allOf(budgetRateSchema) }, READ_ERRORS),
      },
    },
    async (request) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const rows = await readBudgetRates(db, caller);
      return { items: rows.map(presentBudgetRate), nextCursor: null };
    },
  );

  app.post(
    '/api/itineraries/:id/budget-rates',
    {
      schema: {
        tags,
        summary:
          "Give the rate of a currency that bookings' and places' costs are in (or fetch today's)",
        params: itineraryParams,
        body: createBudgetRateSchema,
        response: replies({ 201: budgetRateSchema }, CREATE_ERRORS),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const row = await createBudgetRate(db, caller, request.body, ratesUrl);
      return reply.status(201).send(presentBudgetRate(row));
    },
  );

  app.get(
    '/api/itineraries/:id/budget-rates/:rateId',
    {
      schema: {
        tags,
        summary: 'One budget rate',
        params: rateParams,
        response: replies({ 200: budgetRateSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, rateId } = request.params;
      const caller = await callerOf(sessions, request, id);
      return presentBudgetRate(await readBudgetRate(db, caller, rateId));
    },
  );

  app.patch(
    '/api/itineraries/:id/budget-rates/:rateId',
    {
      schema: {
        tags,
        summary: "Change a rate (or fetch today's), into the trip's present currency",
        params: rateParams,
        body: updateBudgetRateSchema,
        response: replies({ 200: budgetRateSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, rateId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      const row = await changeBudgetRate(db, caller, rateId, changes, expected, ratesUrl);
      return presentBudgetRate(row);
    },
  );

  app.delete(
    '/api/itineraries/:id/budget-rates/:rateId',
    {
      schema: {
        tags,
        summary: 'Delete a rate (its costs are left out of the totals again)',
        params: rateParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, rateId } = request.params;
      const caller = await callerOf(sessions, request, id);
      await deleteBudgetRate(db, caller, rateId, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );
}

/**
 * GET /api/itineraries/{id}/budget: the budget's summary (its parts: expenses, lines, rates),
 * the same for every member, kept with the trip's document (docs/decisions/041).
 */
export function budgetRoutes(root: FastifyInstance, deps: KeptPartDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  // Made once: a read answered from memory makes no function of its own.
  const read = (caller: Caller) => readBudget(db, caller);

  app.get(
    '/api/itineraries/:id/budget',
    {
      schema: {
        tags: ['budget'],
        summary:
          'Planned and spent per category, stage and day, who paid and owes what, and the transfers that settle up',
        params: z.object({ id: idSchema }),
        response: replies({ 200: budgetSummarySchema, 304: notModified }, [401, 404]),
      },
      // The kept answer is sent in the form the client prefers, compressed once (sendDocument).
      compress: false,
    },
    (request, reply) =>
      answerPart(deps, request, reply, { itineraryId: request.params.id, name: 'budget', read }),
  );
}
