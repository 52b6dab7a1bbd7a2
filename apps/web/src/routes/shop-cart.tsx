import { CartPage } from '../features/shop/components/cart-page';

export function Component() {
  return <CartPage />;
}
