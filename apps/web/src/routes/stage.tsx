import { StageFrame } from '../features/stages/components/page-frame';
import { StageView } from '../features/stages/components/stage-view';

/** /itinerary/{id}/stage/{stageId}: one stage with its places in order, on a list and a map. */
export function Component() {
  return (
    <StageFrame routeId="stage">
      {(tree, stage) => <StageView tree={tree} stage={stage} />}
    </StageFrame>
  );
}
