/**
 * A long text folded to its first words (docs/business-rules.md: "Leer más" / "Mostrar menos"), so that a card or a
 * detail line keeps its size; the whole text is one click away, and back. Line breaks are kept.
 */
import { useId, useState } from 'react';
import { Box, Link } from '@mui/material';
import { appMessages } from '../i18n';

/** Where a text is cut: at the last space before `limit` characters, so no word is broken. */
export function foldAt(text: string, limit: number): string | null {
  if (text.length <= limit) return null;
  const cut = text.lastIndexOf(' ', limit);
  return `${text.slice(0, cut > limit / 2 ? cut : limit).trimEnd()}…`;
}

export function FoldedText({ text, limit = 120 }: { text: string | null | undefined; limit?: number }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!text) return null;
  const folded = foldAt(text, limit);
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
      <span id={id}>{open || !folded ? text : folded}</span>
      {folded && (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            aria-controls={id}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
            sx={{ verticalAlign: 'baseline' }}
          >
            {open ? appMessages.app.show_less : appMessages.app.read_more}
          </Link>
        </>
      )}
    </Box>
  );
}
