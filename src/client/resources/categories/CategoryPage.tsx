/** /stock-and-prices/article-categories-management: the categories, each with how many articles it holds. */
import { FunctionField } from 'react-admin';
import { category } from '../../../../schemas/category';
import { itemContracts } from '../../../shared/contracts/items';
import { call } from '../../providers/http';
import { useApiQuery } from '../../providers/query';
import { ResourcePage } from '../generated/ResourcePage';

export default function CategoryPage() {
  // Unknown (not read yet, or refused: already notified) shows no count.
  const { data: counts } = useApiQuery(['category', 'itemCounts'], () => call(itemContracts.categoryItemCounts));
  return (
    <ResourcePage
      schema={category}
      extraColumns={[
        <FunctionField key="items" label="Artículos" textAlign="right" sortable={false}
          render={(record: { id: number }) => (counts ? counts[record.id] ?? 0 : '')} />,
      ]}
    />
  );
}
