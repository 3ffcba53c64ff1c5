import { resourceSummaries } from '../../../schemas/summaries';
import type { ResourceSummary } from '../../shared/resource';

/** A resource's summary by the name react-admin calls it with; undefined for a name no schema declares. */
export const resourceSummary = (name: string): ResourceSummary | undefined =>
  Object.hasOwn(resourceSummaries, name) ? resourceSummaries[name] : undefined;
