/** Issue 27 for the generated dialogs, group 1 of 2 (the checks: tests/support/generatedFormRoundTrip.ts). */
import { generatedDialogTests } from '../support/generatedFormRoundTrip';

generatedDialogTests(0, 2);
