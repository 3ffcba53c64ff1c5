/**
 * The bars of a dashboard card (MonthlyBars in cards.tsx), in a module of its own: @mui/x-charts is the
 * dashboard's heaviest library, loaded and drawn only once a chart is in view (issue 46: the page's
 * blocking time on a phone).
 */
import { BarChart } from '@mui/x-charts/BarChart';

/** A series with its colour (cards.tsx draws the legend with the same; it imports this module, not the reverse). */
interface ColouredSeries { label: string; data: number[]; color: string }

export default function BarsChart({ height, labels, series, format, stacked }: {
  height: number;
  labels: string[];
  series: ColouredSeries[];
  format: (value: number) => string;
  stacked?: boolean;
}) {
  return (
    <BarChart
      height={height}
      // The figures reach the keyboard and screen readers through the card's table.
      disableKeyboardNavigation
      xAxis={[{ scaleType: 'band', data: labels }]}
      yAxis={[{ valueFormatter: (v: number) => format(v), width: 72 }]}
      series={series.map((s) => ({
        label: s.label,
        data: s.data,
        color: s.color,
        valueFormatter: (v: number | null) => format(v ?? 0),
        ...(stacked ? { stack: 'total' } : {}),
      }))}
      // The card draws the legend itself, before the chart arrives.
      hideLegend
      margin={{ left: 8, right: 8 }}
    />
  );
}
