import type {
  Cart,
  CreateOrder,
  CreateProduct,
  Order,
  ProductList,
  ProductPage,
  UpdateProduct,
} from '@jammy/shared/shop';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** TanStack Query keys of the shop. */
export const shopKeys = {
  all: ['shop'] as const,
  products: (language: string, all: boolean) => ['shop', 'products', language, all] as const,
  product: (id: string, language: string) => ['shop', 'product', id, language] as const,
  cart: ['shop', 'cart'] as const,
  orders: ['shop', 'orders'] as const,
  adminOrders: ['shop', 'admin-orders'] as const,
};

/** A 4xx will not change by asking again; network failures and 5xx may. */
function retryUnlessFinal(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/** GET /api/shop/products: what is on sale (admins: `all` adds what is not). */
export function productsQuery(language: string, all = false) {
  return queryOptions({
    queryKey: shopKeys.products(language, all),
    queryFn: ({ signal }) =>
      apiRequest<ProductList>(`/api/shop/products?lang=${language}${all ? '&all=true' : ''}`, {
        signal,
      }),
    staleTime: 60_000,
    retry: retryUnlessFinal,
  });
}

/** GET /api/shop/products/{id}: a product and every itinerary inside. */
export function productQuery(id: string, language: string) {
  return queryOptions({
    queryKey: shopKeys.product(id, language),
    queryFn: ({ signal }) =>
      apiRequest<ProductPage>(`/api/shop/products/${id}?lang=${language}`, { signal }),
    staleTime: 60_000,
    retry: retryUnlessFinal,
  });
}

/** GET /api/shop/cart: the signed-in traveller's cart. */
export const accountCartQuery = queryOptions({
  queryKey: shopKeys.cart,
  queryFn: ({ signal }) => apiRequest<Cart>('/api/shop/cart', { signal }),
  retry: retryUnlessFinal,
});

/** PUT /api/shop/cart: the cart, whole. */
export function saveAccountCart(productIds: string[]) {
  return apiRequest<Cart>('/api/shop/cart', { method: 'PUT', body: { productIds } });
}

/** GET /api/shop/orders: my orders, newest first. */
export const ordersQuery = queryOptions({
  queryKey: shopKeys.orders,
  queryFn: ({ signal }) => apiRequest<{ items: Order[] }>('/api/shop/orders', { signal }),
  retry: retryUnlessFinal,
});

/** POST /api/shop/orders: the same token always answers the same order. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrder) =>
      apiRequest<Order>('/api/shop/orders', { method: 'POST', body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: shopKeys.orders });
      queryClient.setQueryData(shopKeys.cart, { productIds: [] });
    },
  });
}

/** GET /api/admin/shop/orders: every order (admins). */
export const adminOrdersQuery = queryOptions({
  queryKey: shopKeys.adminOrders,
  queryFn: ({ signal }) => apiRequest<{ items: Order[] }>('/api/admin/shop/orders', { signal }),
  retry: retryUnlessFinal,
});

/** POST /api/admin/shop/products (admins). */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProduct) =>
      apiRequest<ProductPage>('/api/admin/shop/products', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** PATCH /api/admin/shop/products/{id} (admins). */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateProduct & { id: string }) =>
      apiRequest<ProductPage>(`/api/admin/shop/products/${id}`, { method: 'PATCH', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}
