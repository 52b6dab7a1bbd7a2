import { useParams } from 'react-router';
import { PresetPage } from '../features/presets/components/preset-page';

export function Component() {
  // The router only opens this page for a valid id (it checks every parameter).
  const { id = '' } = useParams();
  return <PresetPage key={id} id={id} />;
}
