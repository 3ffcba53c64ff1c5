import { auditedResources, auditOf } from '../../../../schemas/audit';
import { resourceSummaries } from '../../../../schemas/summaries';

/** The audit trail's schema as schemas/index.ts makes it, from the resources' summaries: their names are all it needs. */
export const audit = auditOf(auditedResources(Object.values(resourceSummaries)));
