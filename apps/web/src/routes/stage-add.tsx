import { StageFrame } from '../features/stages/components/page-frame';
import { StageAddView } from '../features/stages/components/stage-add-view';

/** /itinerary/{id}/stage/{stageId}/add: search or pin places, pick several, add them at once. */
export function Component() {
  return (
    <StageFrame routeId="stage-add">
      {(tree, stage) => <StageAddView tree={tree} stage={stage} />}
    </StageFrame>
  );
}
