import { CART_MAX_ITEMS } from '@jammy/shared/shop';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useMe } from '../../../lib/session';
import { localCart, saveLocalCart, subscribeLocalCart } from '../lib/cart-storage';
import { accountCartQuery, saveAccountCart, shopKeys } from './shop';

/**
 * The cart: in this browser for a visitor, with the account once signed in. At sign-in the
 * browser's cart joins the account's (and the browser's is emptied), so nothing is lost.
 */
export function useCart() {
  const queryClient = useQueryClient();
  const { data: me, isPending: mePending } = useMe();
  const signedIn = Boolean(me);
  const local = useSyncExternalStore(subscribeLocalCart, localCart, () => []);
  const account = useQuery({ ...accountCartQuery, enabled: signedIn });
  const merging = useRef(false);

  useEffect(() => {
    if (!signedIn || !account.data || merging.current) return;
    const waiting = localCart();
    if (waiting.length === 0) return;
    merging.current = true;
    const merged = [...new Set([...account.data.productIds, ...waiting])].slice(0, CART_MAX_ITEMS);
    void saveAccountCart(merged)
      .then((saved) => {
        queryClient.setQueryData(shopKeys.cart, saved);
        saveLocalCart([]);
      })
      .finally(() => {
        merging.current = false;
      });
  }, [signedIn, account.data, queryClient]);

  const productIds = signedIn ? (account.data?.productIds ?? []) : local;

  const replace = useCallback(
    async (next: string[]) => {
      const ids = [...new Set(next)].slice(0, CART_MAX_ITEMS);
      if (!signedIn) {
        saveLocalCart(ids);
        return;
      }
      const previous = queryClient.getQueryData(shopKeys.cart);
      queryClient.setQueryData(shopKeys.cart, { productIds: ids });
      try {
        queryClient.setQueryData(shopKeys.cart, await saveAccountCart(ids));
      } catch (error) {
        queryClient.setQueryData(shopKeys.cart, previous);
        throw error;
      }
    },
    [signedIn, queryClient],
  );

  return {
    productIds,
    ready: !mePending && (!signedIn || account.isSuccess),
    signedIn,
    add: (id: string) => replace([...productIds, id]),
    remove: (id: string) => replace(productIds.filter((other) => other !== id)),
  };
}
