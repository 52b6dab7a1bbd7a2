import { InterestsPage } from '../features/presets/components/interests-page';

export function Component() {
  return <InterestsPage />;
}
