import { clientFare } from '../../../../schemas/clientFare';
import { ResourcePage } from '../generated/ResourcePage';

export default function ClientFarePage() {
  return <ResourcePage schema={clientFare} />;
}
