import { tax } from '../../../../schemas/tax';
import { ResourcePage } from '../generated/ResourcePage';

export default function TaxPage() {
  return <ResourcePage schema={tax} />;
}
