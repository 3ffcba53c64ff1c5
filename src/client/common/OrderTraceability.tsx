/**
 * Traceability pieces for the order details (order items carry `barcode`, `steps_done`, `steps_total`):
 * the labels' PDF, an item's progress through the production steps and a link to its bar-code page.
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Chip, Link } from '@mui/material';
import LabelIcon from '@mui/icons-material/LocalOffer';
import { openBlob } from '../providers/files';
import { barcodePath, fetchLabels } from './traceabilityApi';

/** "Imprimir etiquetas" (staff): the order's labels as a PDF, fetched with the session cookie and opened in a new tab. */
export function PrintLabelsButton({ orderId }: { orderId: number }) {
  const [busy, setBusy] = useState(false);
  const print = async () => {
    // Opened now, while the click still allows a new window; filled once the PDF arrives.
    const target = window.open('', '_blank');
    setBusy(true);
    try {
      openBlob(target, await fetchLabels(orderId), `etiquetas-pedido-${orderId}.pdf`);
    } catch {
      // Notified by the HTTP layer.
      target?.close();
    } finally {
      setBusy(false);
    }
  };
  return <Button startIcon={<LabelIcon />} onClick={print} disabled={busy}>Imprimir etiquetas</Button>;
}

/** An item's progress through the production steps: "3/5 pasos" (green once all are done). */
export function StepsProgress({ done, total }: { done: number; total: number }) {
  if (!total) return <Chip size="small" label="Sin pasos" variant="outlined" data-testid="steps-progress" />;
  return (
    <Chip
      size="small"
      label={`${done}/${total} pasos`}
      color={done >= total ? 'success' : done > 0 ? 'primary' : 'default'}
      variant={done >= total ? 'filled' : 'outlined'}
      data-testid="steps-progress"
    />
  );
}

/** An item's bar code, linking to its traceability page. */
export function BarcodeLink({ code }: { code: string | null | undefined }) {
  if (!code) return <>—</>;
  return <Link component={RouterLink} to={barcodePath(code)} sx={{ fontFamily: 'monospace' }}>{code}</Link>;
}
