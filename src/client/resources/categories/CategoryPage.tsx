/** /stock-and-prices/article-categories-management: the categories, each with how many articles it holds. */
import { FunctionField } from 'react-admin';
import { category } from '../../../../schemas/category';
import { api } from '../../providers/http';
import { useApiQuery } from '../../providers/query';
import { ResourcePage } from '../generated/ResourcePage';

/** { categoryId: number of articles }; a category without articles is absent. */
type ItemCounts = Record<string, number>;

export default function CategoryPage() {
  // Unknown (not read yet, or refused: already notified) shows no count.
  const { data: counts } = useApiQuery(['category', 'itemCounts'], () => api<ItemCounts>('/api/category/getItemCounts'));
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
