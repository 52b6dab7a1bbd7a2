import { useParams } from 'react-router';
import { ProductPage } from '../features/shop/components/product-page';

export function Component() {
  // The router only opens this page for a valid id (it checks every parameter).
  const { id = '' } = useParams();
  return <ProductPage key={id} id={id} />;
}
