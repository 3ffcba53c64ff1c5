/**
 * The largest cover side of today's settings in the staff app's pool forms: the session carries it
 * (`max_cover_side`, src/server/domain/session-info.ts), so a form refuses a side over it before sending, in the
 * server's words (src/shared/measurements.ts). The field rules of the schemas cannot know it.
 */
import { DEFAULT_MAX_COVER_SIDE, readMeasure, type MeasureLimits } from '../../shared/measurements';
import { useSession } from '../providers/useSession';

type Errors = Record<string, unknown>;

/** Today's limits; the business's default while the session is not read yet (the server checks again anyway). */
export function usePoolLimits(): MeasureLimits {
  return { maxCoverSide: useSession()?.max_cover_side ?? DEFAULT_MAX_COVER_SIDE };
}

/** A pool form's validation with the sides' ceiling added where the field's own rule found nothing. */
export function withPoolSides<V>(validate: (values: V) => Errors | Promise<Errors>, limits: MeasureLimits) {
  return async (values: V) => {
    const errors = { ...(await validate(values)) };
    for (const side of ['a', 'b'] as const) {
      const read = readMeasure(side, (values as Record<string, unknown>)[side], limits);
      if (!errors[side] && 'error' in read) errors[side] = read.error;
    }
    return errors;
  };
}
