import { PrivacyPage } from '../features/help/components/privacy-page';

export function Component() {
  return <PrivacyPage />;
}
