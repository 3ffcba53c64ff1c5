import { invoicingCompany } from '../../../../schemas/invoicingCompany';
import { ResourcePage } from '../generated/ResourcePage';

export default function InvoicingCompanyPage() {
  return <ResourcePage schema={invoicingCompany} />;
}
