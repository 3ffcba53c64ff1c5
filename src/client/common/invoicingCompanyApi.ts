/** The invoicing companies as select options: the cart's company picker and the order lists' filter read them. */
import { invoicingCompany } from '../../../schemas/invoicingCompany';
import { resourceContracts } from '../../shared/contracts/records';
import { call, type ContractCallOptions } from '../providers/http';

const invoicingCompanies = resourceContracts(invoicingCompany);

/** `silent` where the page goes on without them (a list filter), notified where the user needs them (the cart). */
export const invoicingCompanyOptions = (options: ContractCallOptions<typeof invoicingCompanies.dropdown> = {}) =>
  call(invoicingCompanies.dropdown, {}, options);
