/**
 * /stock-and-prices/articles-management/{id_articulo} (ItemManagementRoute): one article with its
 * categories and properties, the same dialog to edit it, and its variations edited row by row.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import { Loading, useGetMany, useGetOne } from 'react-admin';
import { formatEuros } from '../../../shared/format';
import { ItemDialog } from './ItemDialog';
import type { Item } from './itemApi';
import { ARTICLES_PATH } from './paths';
import { VariationsTable } from './VariationsTable';

export default function ItemManagementPage() {
  const itemId = Number(useParams().id_articulo);
  const navigate = useNavigate();
  const { data: article, isPending, error } = useGetOne<Item>('item', { id: itemId }, { enabled: itemId > 0 });
  const [editing, setEditing] = useState(false);

  if (itemId > 0 && isPending) return <Loading />;
  if (!(itemId > 0) || error || !article) {
    return <Typography sx={{ my: 2 }}>No se ha encontrado el artículo.</Typography>;
  }
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', my: 1, gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(ARTICLES_PATH)}>Volver a artículos</Button>
        <Button variant="contained" startIcon={<EditIcon />} onClick={() => setEditing(true)}>Editar</Button>
      </Box>
      <ArticleSummary article={article} />
      <VariationsTable itemId={itemId} />
      {editing && (
        <ItemDialog id={itemId} onClose={() => setEditing(false)} onDeleted={() => navigate(ARTICLES_PATH)} />
      )}
    </Box>
  );
}

function ArticleSummary({ article }: { article: Item }) {
  const { data: categories } = useGetMany('category', { ids: article.categories_ids }, { enabled: article.categories_ids.length > 0 });
  return (
    <Paper sx={{ p: 2, mb: 2, display: 'flex', gap: 3, flexWrap: 'wrap' }} aria-label="Datos del artículo" component="section">
      {article.image && (
        <Box component="img" src={article.image} alt={article.name ?? ''} sx={{ width: 160, height: 160, objectFit: 'contain' }} />
      )}
      <Box sx={{ flex: 1, minWidth: 260 }}>
        <Typography variant="h5" component="h2">
          {article.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Referencia: {article.reference} · Precio base: {article.default_price == null ? '' : formatEuros(Number(article.default_price))}
        </Typography>
        {article.description && (
          <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {article.description}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
          {(categories ?? []).map((category) => (
            <Chip key={category.id} label={category.name} size="small" />
          ))}
          {article.is_orillo_bisagra && <Chip label="Orillo bisagra" size="small" color="secondary" />}
        </Stack>
        {article.item_properties.length > 0 && (
          <Box
            component="dl"
            sx={{ 'mt': 1, 'mb': 0, 'display': 'grid', 'gridTemplateColumns': 'max-content 1fr', 'columnGap': 2, '& dd': { m: 0 } }}
          >
            {article.item_properties.map((property) => (
              <Box key={property.id} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                  {property.name}
                </Typography>
                <Typography component="dd" variant="body2">
                  {property.item_property_options.map((o) => o.name).join(', ')}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Paper>
  );
}
