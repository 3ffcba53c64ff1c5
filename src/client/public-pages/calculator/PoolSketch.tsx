/** The pool letters on the public calculator (the same drawing as the back office's budget form). */
import { POOL_SKETCH_CAPTION, POOL_SKETCH_LABEL, PoolSketchSvg } from '../../components/poolSketch';

export function PoolSketch() {
  return (
    <figure className="pc-sketch" aria-label={POOL_SKETCH_LABEL}>
      <PoolSketchSvg />
      <figcaption>{POOL_SKETCH_CAPTION}</figcaption>
    </figure>
  );
}
