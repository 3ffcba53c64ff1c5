/**
 * A client member's library: the documents meant for it (the server scopes them), by category in the
 * staff's order, with search and a category filter; each one downloads under its title.
 */
import { useEffect, useMemo, useState } from 'react';
import { Box, Card, CardContent, Chip, LinearProgress, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { formatDate } from '../../../shared/format';
import { FoldedText } from '../../components/FoldedText';
import { api } from '../../providers/http';
import { DownloadButton } from './DownloadButton';
import type { DocumentCategory, LibraryDocument } from './documentApi';

const ALL = '';

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function MemberDocuments() {
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState<number | typeof ALL>(ALL);
  const [categories, setCategories] = useState<DocumentCategory[]>([]);
  const [documents, setDocuments] = useState<LibraryDocument[] | null>(null);
  const [failed, setFailed] = useState(false);
  const query = useDebounced(search.trim(), 300);

  useEffect(() => {
    api<DocumentCategory[]>('/api/documentCategory/all').then(setCategories, () => setFailed(true));
  }, []);

  useEffect(() => {
    let current = true;
    const filter = { ...(query ? { q: query } : {}), ...(categoryId !== ALL ? { document_category_id: categoryId } : {}) };
    setDocuments(null);
    api<LibraryDocument[]>(`/api/document/all?filter=${encodeURIComponent(JSON.stringify(filter))}`)
      .then((rows) => { if (current) { setDocuments(rows); setFailed(false); } }, () => current && setFailed(true));
    return () => { current = false; };
  }, [query, categoryId]);

  // The categories in the staff's order, each with its documents (by title, as the server sorts them).
  const groups = useMemo(() => categories
    .map((category) => ({ category, documents: (documents ?? []).filter((d) => d.document_category_id === category.id) }))
    .filter((group) => group.documents.length), [categories, documents]);

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Box role="search" aria-label="Buscar documentos" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField label="Buscar" type="search" value={search} onChange={(e) => setSearch(e.target.value)} size="small"
          sx={{ flex: '1 1 16rem', maxWidth: { sm: 420 } }} />
        <TextField select label="Categoría" value={categoryId} onChange={(e) => setCategoryId(e.target.value === ALL ? ALL : Number(e.target.value))} size="small"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }} sx={{ flex: '1 1 12rem', maxWidth: { sm: 320 } }}>
          <MenuItem value={ALL}>Todas las categorías</MenuItem>
          {categories.map((c) => <MenuItem key={c.id} value={c.id}>{c.name}</MenuItem>)}
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
            <Typography id={`document-category-${category.id}`} component="h2" variant="h6">{category.name}</Typography>
            <List disablePadding aria-label={`Documentos de ${category.name}`}>
              {inCategory.map((d) => (
                <ListItem key={d.id} divider disableGutters sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                  <ListItemText
                    sx={{ flex: '1 1 14rem', minWidth: 0, overflowWrap: 'anywhere' }}
                    primary={(
                      <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        <span>{d.title}</span>
                        {d.file_extension && <Chip label={d.file_extension.toUpperCase()} size="small" variant="outlined" />}
                      </Box>
                    )}
                    secondary={(
                      <>
                        {d.description && <><FoldedText text={d.description} limit={160} /><br /></>}
                        {`Actualizado el ${formatDate(d.updated_at)}`}
                      </>
                    )}
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
