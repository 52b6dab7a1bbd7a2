import { PresetsPage } from '../features/presets/components/presets-page';

export function Component() {
  return <PresetsPage />;
}
