import { StageFrame } from '../features/stages/components/page-frame';
import { StageErrorView } from '../features/stages/components/stage-error-view';

/** /itinerary/{id}/stage/{stageId}/error: why places could not be added, and try again. */
export function Component() {
  return (
    <StageFrame routeId="stage-error">
      {(tree, stage) => <StageErrorView tree={tree} stage={stage} />}
    </StageFrame>
  );
}
