import { reinforcementType } from '../../../../schemas/reinforcementType';
import { ResourcePage } from '../generated/ResourcePage';

export default function ReinforcementTypePage() {
  return <ResourcePage schema={reinforcementType} />;
}
