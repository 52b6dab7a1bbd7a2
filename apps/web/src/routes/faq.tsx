import { FaqPage } from '../features/help/components/faq-page';

export function Component() {
  return <FaqPage />;
}
