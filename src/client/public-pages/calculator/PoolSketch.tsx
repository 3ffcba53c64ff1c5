/** The public calculator's pool drawn to scale as it is typed, with the form's refusals (the back office's drawing). */
import { POOL_DRAWING_CAPTION, PoolDrawing } from '../../components/PoolDrawing';
import type { PoolMeasures, PoolRefusals } from '../../../shared/poolGeometry';

export function PoolSketch({ values, errors }: { values: PoolMeasures; errors: PoolRefusals }) {
  return (
    <figure className="pc-sketch">
      <PoolDrawing measures={values} refusals={errors} />
      <figcaption>{POOL_DRAWING_CAPTION}</figcaption>
    </figure>
  );
}
