import { countryTax } from '../../../../schemas/countryTax';
import { ResourcePage } from '../generated/ResourcePage';

export default function CountryTaxPage() {
  return <ResourcePage schema={countryTax} />;
}
