import { category } from '../../../../schemas/category';
import { ResourcePage } from '../generated/ResourcePage';

export default function CategoryPage() {
  return <ResourcePage schema={category} />;
}
