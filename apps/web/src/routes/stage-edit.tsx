import { StageFrame } from '../features/stages/components/page-frame';
import { StageEditView } from '../features/stages/components/stage-edit-view';

/** /itinerary/{id}/stage/{stageId}/edit: change a stage, with conflicts shown, never lost. */
export function Component() {
  return (
    <StageFrame routeId="stage-edit">
      {(tree, stage) => <StageEditView tree={tree} stage={stage} />}
    </StageFrame>
  );
}
