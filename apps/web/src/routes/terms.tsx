import { TermsPage } from '../features/help/components/terms-page';

export function Component() {
  return <TermsPage />;
}
