/** Issue 27 for the money and ordering forms, group 2 (the checks: tests/support/budgetFormRoundTrip.ts). */
import { BUDGET_FORM_GROUPS, budgetFormTests } from '../support/budgetFormRoundTrip';

budgetFormTests(BUDGET_FORM_GROUPS[1]);
