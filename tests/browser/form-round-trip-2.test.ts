/** Issue 27 for the generated dialogs, group 2 of 2 (the checks: tests/support/generatedFormRoundTrip.ts). */
import { generatedDialogTests } from '../support/generatedFormRoundTrip';

generatedDialogTests(1, 2);
