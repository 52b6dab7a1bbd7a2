import { StageFrame } from '../features/stages/components/page-frame';
import { StageAddFinishView } from '../features/stages/components/stage-add-finish-view';

/** /itinerary/{id}/stage/{stageId}/add/finish: the places just added, named and on a map. */
export function Component() {
  return (
    <StageFrame routeId="stage-add-finish">
      {(tree, stage) => <StageAddFinishView tree={tree} stage={stage} />}
    </StageFrame>
  );
}
