/** Issue 27 for the office's hand-written forms, group 1 (the checks: tests/support/officeFormRoundTrip.ts). */
import { OFFICE_FORM_GROUPS, officeFormTests } from '../support/officeFormRoundTrip';

officeFormTests(OFFICE_FORM_GROUPS[0]);
