/**
 * Every resource's summary (shared/resource.ts `ResourceSummary`), by name. The browser's build serves this
 * module as its data, computed from the schemas at build time (scripts/buildTimeData.ts): the frame, its menu
 * and its data provider know every resource without loading every schema's fields and rules.
 */
import { summaryOf, type ResourceSummary } from '../src/shared/resource';
import { resourceList } from './index';

export const resourceSummaries: Record<string, ResourceSummary> = Object.fromEntries(
  resourceList.map((schema) => [schema.name, summaryOf(schema)]),
);
