/**
 * The bars of a dashboard card (MonthlyBars in cards.tsx), drawn as SVG by us: @mui/x-charts weighed 300 KB
 * of script for four bar charts, and on a phone its code and drawing were most of the dashboard's blocking
 * time (issue 46 §1); it also shared MUI's Popper with the back office, so that a light page's chart
 * brought the whole back office's chunk with it. Bars side by side or stacked, a value axis with round
 * steps, the labels that fit, and the hovered or touched column's figures above the bars.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { fitLabel, niceTicks, shownLabelEvery } from './chartScale';

/** A series with its colour (cards.tsx draws the legend with the same; it imports this module, not the reverse). */
interface ColouredSeries { label: string; data: number[]; color: string }

/** Room for the month labels and the bars' ends; on the left, the value axis' widest figure decides (below). */
const MARGIN = { top: 12, right: 8, bottom: 26 };
/** Of each column's width, what its bars take (the rest is the gap between columns). */
const BARS_SHARE = 0.7;
/** An axis label's width per character, roughly, at 12 px (for how many labels fit). */
const CHARACTER_WIDTH = 6.5;

export default function BarsChart({ height, labels, series, format, stacked, cutLabels }: {
  height: number;
  labels: string[];
  series: ColouredSeries[];
  format: (value: number) => string;
  stacked?: boolean;
  /** Named things, each under its column cut to fit («Soldad…»), rather than months, of which one in so many is shown. */
  cutLabels?: boolean;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [shown, setShown] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = place.current;
    if (!element) return;
    // Its first answer comes after the browser's own layout, before the paint: no layout forced in between.
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const columnTotals = labels.map((_, i) => series.reduce((sum, s) => sum + Math.max(0, s.data[i] ?? 0), 0));
  const highest = stacked ? Math.max(0, ...columnTotals) : Math.max(0, ...series.flatMap((s) => s.data));
  const ticks = niceTicks(highest);
  // A count's axis reads «12», a sales axis «120.000,00 €»: the bars take the rest.
  const left = Math.ceil(Math.max(...ticks.map((tick) => format(tick).length)) * CHARACTER_WIDTH) + 12;
  const plotWidth = Math.max(0, width - left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const top = ticks[ticks.length - 1] || 1;
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const column = labels.length ? plotWidth / labels.length : 0;
  const barsWidth = column * BARS_SHARE;
  const barWidth = stacked ? barsWidth : barsWidth / Math.max(1, series.length);
  const every = cutLabels ? 1 : shownLabelEvery(labels, column, CHARACTER_WIDTH);
  const columnX = (i: number) => left + i * column;

  return (
    <Box ref={place} sx={{ position: 'relative', width: '100%', height, color: 'text.secondary', typography: 'caption' }}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden data-chart="bars" onPointerLeave={() => setShown(null)}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={left} x2={left + plotWidth} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.15} />
              <text x={left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" fill="currentColor" fontSize={12}>
                {format(tick)}
              </text>
            </g>
          ))}
          {shown !== null && (
            <rect x={columnX(shown)} y={MARGIN.top} width={column} height={plotHeight} fill="currentColor" fillOpacity={0.08} />
          )}
          {labels.map((label, i) => {
            let base = 0;
            return (
              <g key={label}>
                {series.map((s, n) => {
                  const value = Math.max(0, s.data[i] ?? 0);
                  if (value === 0) return null;
                  const x = columnX(i) + (column - barsWidth) / 2 + (stacked ? 0 : n * barWidth);
                  const from = stacked ? base : 0;
                  base += stacked ? value : 0;
                  return (
                    <rect key={s.label} x={x} y={y(from + value)} width={Math.max(1, barWidth - (stacked ? 0 : 1))}
                      height={y(from) - y(from + value)} fill={s.color} />
                  );
                })}
                {i % every === 0 && (
                  <text x={columnX(i) + column / 2} y={MARGIN.top + plotHeight + 16} textAnchor="middle" fill="currentColor" fontSize={12}>
                    {fitLabel(label, every * column - 4, CHARACTER_WIDTH)}
                  </text>
                )}
                {/* The whole column answers the pointer (a finger too), not only its bars. */}
                <rect x={columnX(i)} y={MARGIN.top} width={column} height={plotHeight} fill="transparent"
                  onPointerEnter={() => setShown(i)} onPointerDown={() => setShown(i)} />
              </g>
            );
          })}
          <line x1={left} x2={left + plotWidth} y1={y(0)} y2={y(0)} stroke="currentColor" strokeOpacity={0.6} />
        </svg>
      )}
      {shown !== null && (
        <Box
          aria-hidden
          data-chart-readout
          sx={{
            position: 'absolute', top: MARGIN.top, pointerEvents: 'none', maxWidth: '60%',
            // Beside the column, on the side with more room: over the others, never over its own bars.
            ...(columnX(shown) + column / 2 > left + plotWidth / 2
              ? { right: width - columnX(shown) + 4 }
              : { left: columnX(shown) + column + 4 }),
            px: 1, py: 0.5, borderRadius: 1, boxShadow: 2,
            color: 'text.primary', bgcolor: 'background.paper',
          }}
        >
          <Box sx={{ fontWeight: 600 }}>{labels[shown]}</Box>
          {series.map((s) => (
            <Box key={s.label}>
              <Box component="span" sx={{ display: 'inline-block', width: 8, height: 8, mr: 0.5, bgcolor: s.color }} />
              {series.length > 1 ? `${s.label}: ` : ''}{format(s.data[shown] ?? 0)}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
