import type {
  BudgetLine,
  BudgetRate,
  BudgetSummary,
  CreateBudgetLine,
  CreateBudgetRate,
  CreateExpense,
  Expense,
  UpdateBudgetLine,
  UpdateBudgetRate,
  UpdateExpense,
} from '@jammy/shared/budget';
import type { Page } from '@jammy/shared/itineraries';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itineraryKeys } from '../../../lib/query-keys';

const base = (itineraryId: string) => `/api/itineraries/${itineraryId}`;

/** The budget's summary (planned, spent, balances, transfers). */
export function useBudgetSummary(itineraryId: string) {
  return useQuery({
    queryKey: [...itineraryKeys.budget(itineraryId), 'summary'],
    queryFn: ({ signal }) => apiRequest<BudgetSummary>(`${base(itineraryId)}/budget`, { signal }),
  });
}

export function useExpenses(itineraryId: string) {
  return useQuery({
    queryKey: [...itineraryKeys.budget(itineraryId), 'expenses'],
    queryFn: ({ signal }) => apiRequest<Page<Expense>>(`${base(itineraryId)}/expenses`, { signal }),
  });
}

export function useBudgetLines(itineraryId: string) {
  return useQuery({
    queryKey: [...itineraryKeys.budget(itineraryId), 'lines'],
    queryFn: ({ signal }) =>
      apiRequest<Page<BudgetLine>>(`${base(itineraryId)}/budget-lines`, { signal }),
  });
}

/** The trip's rates for costs of bookings and places in other currencies. */
export function useBudgetRates(itineraryId: string) {
  return useQuery({
    queryKey: [...itineraryKeys.budget(itineraryId), 'rates'],
    queryFn: ({ signal }) =>
      apiRequest<Page<BudgetRate>>(`${base(itineraryId)}/budget-rates`, { signal }),
  });
}

/** A budget write; everything of the budget (and the trip, whose currency may be set) refreshes. */
function useBudgetMutation<TInput, TResult>(
  itineraryId: string,
  request: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: itineraryKeys.budget(itineraryId) }),
        queryClient.invalidateQueries({ queryKey: itineraryKeys.tree(itineraryId) }),
      ]);
    },
  });
}

export function useSaveExpense(itineraryId: string) {
  return useBudgetMutation(
    itineraryId,
    ({ expenseId, body }: { expenseId?: string; body: CreateExpense | UpdateExpense }) =>
      apiRequest<Expense>(
        expenseId ? `${base(itineraryId)}/expenses/${expenseId}` : `${base(itineraryId)}/expenses`,
        { method: expenseId ? 'PATCH' : 'POST', body },
      ),
  );
}

export function useDeleteExpense(itineraryId: string) {
  return useBudgetMutation(itineraryId, ({ id, version }: { id: string; version: number }) =>
    apiRequest<undefined>(`${base(itineraryId)}/expenses/${id}`, {
      method: 'DELETE',
      body: { version },
    }),
  );
}

export function useAddBudgetLine(itineraryId: string) {
  return useBudgetMutation(itineraryId, (body: CreateBudgetLine) =>
    apiRequest<BudgetLine>(`${base(itineraryId)}/budget-lines`, { method: 'POST', body }),
  );
}

/** Changes a planned amount at the version it was read at (409 with the current line if stale). */
export function useUpdateBudgetLine(itineraryId: string) {
  return useBudgetMutation(itineraryId, ({ id, body }: { id: string; body: UpdateBudgetLine }) =>
    apiRequest<BudgetLine>(`${base(itineraryId)}/budget-lines/${id}`, { method: 'PATCH', body }),
  );
}

export function useDeleteBudgetLine(itineraryId: string) {
  return useBudgetMutation(itineraryId, ({ id, version }: { id: string; version: number }) =>
    apiRequest<undefined>(`${base(itineraryId)}/budget-lines/${id}`, {
      method: 'DELETE',
      body: { version },
    }),
  );
}

/**
 * Gives the rate of a currency that costs are in: a new one, or a change of the one there is
 * (`rateId`), at the version it was read at. Without `rate`, the server fetches today's.
 */
export function useSaveBudgetRate(itineraryId: string) {
  return useBudgetMutation(
    itineraryId,
    ({ rateId, body }: { rateId?: string; body: CreateBudgetRate | UpdateBudgetRate }) =>
      apiRequest<BudgetRate>(
        rateId
          ? `${base(itineraryId)}/budget-rates/${rateId}`
          : `${base(itineraryId)}/budget-rates`,
        { method: rateId ? 'PATCH' : 'POST', body },
      ),
  );
}

export function useDeleteBudgetRate(itineraryId: string) {
  return useBudgetMutation(itineraryId, ({ id, version }: { id: string; version: number }) =>
    apiRequest<undefined>(`${base(itineraryId)}/budget-rates/${id}`, {
      method: 'DELETE',
      body: { version },
    }),
  );
}
