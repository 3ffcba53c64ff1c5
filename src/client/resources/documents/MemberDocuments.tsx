/**
 * A client member's library: the documents meant for it (the server scopes them), by category in the
 * staff's order, with search and a category filter; each one downloads under its title.
 */
import { useMemo, useState } from 'react';
import { Box, Card, CardContent, Chip, LinearProgress, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { formatDate } from '../../../shared/format';
import { FoldedText } from '../../components/FoldedText';
import { searchLimit } from '../../components/ListSearchInput';
import { useDebounced } from '../../components/useDebounced';
import { document, documentCategory } from '../../../../schemas/document';
import { resourceContracts } from '../../../shared/contracts/records';
import { call } from '../../providers/http';
import { useApiQuery } from '../../providers/query';
import { DownloadButton } from './DownloadButton';

const ALL = '';
const documentContracts = resourceContracts(document);
const categoryContracts = resourceContracts(documentCategory);
const NO_CATEGORIES: never[] = [];

export function MemberDocuments() {
  const [search, setSearch] = useState('');
  // The text searched: what is typed, while the server takes it (a longer one keeps the last search and says why).
  const [searched, setSearched] = useState('');
  const [categoryId, setCategoryId] = useState<number | typeof ALL>(ALL);
  const query = useDebounced(searched.trim(), 300);
  const searchError = searchLimit(search.trim());

  const categoryList = useApiQuery(['documentCategory', 'all'], () => call(categoryContracts.all, { query: {} }, {}));
  const filter = { ...(query ? { q: query } : {}), ...(categoryId !== ALL ? { document_category_id: categoryId } : {}) };
  const documentList = useApiQuery(['document', 'all', filter], () =>
    call(documentContracts.all, { query: { filter: JSON.stringify(filter) } }, {}),
  );
  const categories = categoryList.data ?? NO_CATEGORIES;
  // A new search shows the bar until its answer: never the documents of the previous one.
  const documents = documentList.isFetching ? null : documentList.data ?? null;
  const failed = categoryList.isError || (documentList.isError && !documentList.isFetching);

  // The categories in the staff's order, each with its documents (by title, as the server sorts them).
  const groups = useMemo(() => categories
    .map((category) => ({ category, documents: (documents ?? []).filter((d) => d.document_category_id === category.id) }))
    .filter((group) => group.documents.length), [categories, documents]);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Box role="search" aria-label="Buscar documentos" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          label="Buscar"
          type="search"
          value={search}
          size="small"
          onChange={(e) => {
            setSearch(e.target.value);
            if (!searchLimit(e.target.value.trim())) setSearched(e.target.value);
          }}
          error={Boolean(searchError)}
          helperText={searchError}
          sx={{ flex: '1 1 16rem', maxWidth: { sm: 420 } }}
        />
        <TextField
          select
          label="Categoría"
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value === ALL ? ALL : Number(e.target.value))}
          size="small"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ flex: '1 1 12rem', maxWidth: { sm: 320 } }}
        >
          <MenuItem value={ALL}>Todas las categorías</MenuItem>
          {categories.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {documents === null && !failed && <LinearProgress aria-label="Cargando documentos" />}
      {failed && <Typography color="error">No se han podido cargar los documentos. Inténtelo de nuevo más tarde.</Typography>}
      {documents !== null && !groups.length && (
        <Typography color="text.secondary">
          {query || categoryId !== ALL ? 'Ningún documento coincide con la búsqueda.' : 'Todavía no hay documentos para usted.'}
        </Typography>
      )}
      {groups.map(({ category, documents: inCategory }) => (
        <Card key={category.id} component="section" aria-labelledby={`document-category-${category.id}`} variant="outlined">
          <CardContent sx={{ pb: 1 }}>
            <Typography id={`document-category-${category.id}`} component="h2" variant="h6">
              {category.name}
            </Typography>
            <List disablePadding aria-label={`Documentos de ${category.name}`}>
              {inCategory.map((d) => (
                <ListItem key={d.id} divider disableGutters sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                  <ListItemText
                    sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}
                    primary={
                      <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>{d.title}</span>
                        {d.file_extension && <Chip label={d.file_extension.toUpperCase()} size="small" variant="outlined" />}
                      </Box>
                    }
                    secondary={
                      <>
                        {d.description && (
                          <>
                            <FoldedText text={d.description} limit={160} />
                            <br />
                          </>
                        )}
                        {`Actualizado el ${formatDate(d.updated_at)}`}
                      </>
                    }
                    slotProps={{ secondary: { component: 'span', sx: { display: 'block' } } }}
                  />
                  <DownloadButton document={d} />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
