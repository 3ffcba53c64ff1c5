/** Printable traceability labels: one per order item, with its Code 128 bar code (bwip-js), 2 × 5 per A4 page. */
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

export interface Label { barcode: string; product: string; order: string; client: string; quantity: number }

const PAGE = { width: 595.28, height: 841.89, margin: 28 };
const GRID = { columns: 2, rows: 5 };

export async function renderLabels(labels: Label[]): Promise<Buffer> {
  const images = await Promise.all(
    labels.map((l) => bwipjs.toBuffer({ bcid: 'code128', text: l.barcode, scale: 3, height: 12, includetext: true, textxalign: 'center' })),
  );
  const pdf = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: 'Etiquetas de trazabilidad' } });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => { pdf.on('end', () => resolve(Buffer.concat(chunks))); pdf.on('error', reject); });
  const cell = { width: (PAGE.width - 2 * PAGE.margin) / GRID.columns, height: (PAGE.height - 2 * PAGE.margin) / GRID.rows };
  labels.forEach((label, i) => {
    const slot = i % (GRID.columns * GRID.rows);
    if (i > 0 && slot === 0) pdf.addPage();
    const x = PAGE.margin + (slot % GRID.columns) * cell.width;
    const y = PAGE.margin + Math.floor(slot / GRID.columns) * cell.height;
    pdf.rect(x + 4, y + 4, cell.width - 8, cell.height - 8).stroke('#999999');
    pdf
      .fillColor('#000000')
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(label.product, x + 12, y + 12, { width: cell.width - 24, height: 28, ellipsis: true });
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text(`${label.order} · ${label.client} · Cantidad: ${label.quantity}`, x + 12, y + 42, { width: cell.width - 24 });
    pdf.image(images[i], x + 12, y + 62, { fit: [cell.width - 24, cell.height - 80], align: 'center' });
  });
  if (!labels.length) pdf.font('Helvetica').fontSize(11).text('El pedido no tiene artículos.');
  pdf.end();
  return done;
}
