/**
 * The toolbox a resource's rules are written with (`validate: (r) => r.text(…)` in schemas/): the zod
 * builders they use as `r.z`, the field builders of validation.ts and the answer shapes schemas share with
 * other contracts. Imported only where records are checked (src/shared/recordRules.ts), so that a screen
 * which only lists records reads its schema without loading zod.
 */
import { array, boolean, number, object, preprocess, record, string } from 'zod';

/**
 * The zod builders a schema uses, by name: the whole `z` namespace as a value would bring every builder and
 * locale of zod into the bundle, where named imports bring only these.
 */
export const z = { array, boolean, number, object, preprocess, record, string };
export * from './validation';
export { itemStructureAnswer, reelSizesAnswer } from './catalogueAnswers';
