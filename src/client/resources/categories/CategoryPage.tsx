/** /stock-and-prices/article-categories-management: the categories, each with how many articles it holds. */
import { useEffect, useState } from 'react';
import { FunctionField } from 'react-admin';
import { category } from '../../../../schemas/category';
import { api } from '../../providers/http';
import { ResourcePage } from '../generated/ResourcePage';

/** { categoryId: number of articles }; a category without articles is absent. */
type ItemCounts = Record<string, number>;

export default function CategoryPage() {
  const [counts, setCounts] = useState<ItemCounts | null>(null);
  useEffect(() => { api<ItemCounts>('/api/category/getItemCounts').then(setCounts, () => setCounts(null)); }, []);
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
