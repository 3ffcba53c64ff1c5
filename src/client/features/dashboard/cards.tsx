/** The dashboard's building blocks: a card that links to its list, a figure, a chart with its data as a table. */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, CardHeader, Link, Typography } from '@mui/material';
import { monthLabel } from '../../../shared/dashboard';
import { visuallyHidden } from '@mui/utils';
import BarsChart from './BarsChart';

/** A card titled by what it summarises, linking to that list. */
export function DashboardCard({
  title,
  to,
  linkText = 'Ver la lista',
  children,
}: {
  title: string;
  to?: string;
  linkText?: string;
  children: ReactNode;
}) {
  return (
    <Card
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <CardHeader
        title={title}
        slotProps={{ title: { component: 'h2', variant: 'subtitle1', sx: { fontWeight: 600 } } }}
        action={
          to ? (
            <Link component={RouterLink} to={to} variant="body2" sx={{ display: 'inline-block', mt: 0.5, mr: 1 }}>
              {linkText}
            </Link>
          ) : undefined
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ flex: 1, minWidth: 0 }}>{children}</CardContent>
    </Card>
  );
}

/** A big number with its caption, optionally a link. */
export function Figure({ value, caption, to }: { value: ReactNode; caption: string; to?: string }) {
  const figure = (
    <>
      <Typography component="span" variant="h5" sx={{ fontWeight: 600, display: 'block' }}>{value}</Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>{caption}</Typography>
    </>
  );
  // A linked figure is one link, number and caption: "3 Pendiente de revisión" to a screen reader too.
  return (
    <Box sx={{ minWidth: 110 }}>
      {to ? <Link component={RouterLink} to={to} underline="hover" color="inherit" sx={{ display: 'block' }}>{figure}</Link> : figure}
    </Box>
  );
}

/** What a card says when there is nothing to show yet. */
export const EmptyState = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>{children}</Typography>
);

export interface Series { label: string; data: number[] }

const CHART_HEIGHT = 240;
/**
 * The series' colours (@mui/x-charts' «rainbow surge», which the dashboard drew with before), given to the
 * chart and to its legend.
 */
const SERIES_COLORS = ['#4254FB', '#FFB422', '#FA4F58', '#0DBEFF', '#22BF75', '#FA83B4', '#FF7511'];
const seriesColor = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length];

/** Which colour is which series, above the bars, when there are two or more. */
function Legend({ series }: { series: Series[] }) {
  if (series.length < 2) return null;
  return (
    <Box
      component="ul"
      aria-hidden
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4px 16px', listStyle: 'none', m: 0, mb: 1, p: 0 }}
    >
      {series.map((s, i) => (
        <Box component="li" key={s.label} sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2' }}>
          <Box sx={{ width: 13, height: 13, borderRadius: '2px', flexShrink: 0, bgcolor: seriesColor(i) }} />
          {s.label}
        </Box>
      ))}
    </Box>
  );
}

/**
 * Bars per month, or per named thing: the chart for the eye, the same figures as a table for screen
 * readers (the chart's SVG says nothing to them). All zeros: the card's empty state instead.
 */
export function MonthlyBars({
  title,
  months,
  series,
  format,
  empty,
  stacked,
  categories,
}: {
  title: string;
  months?: string[];
  categories?: string[];
  series: Series[];
  format: (value: number) => string;
  empty: string;
  stacked?: boolean;
}) {
  const labels = categories ?? (months ?? []).map(monthLabel);
  if (!series.some((s) => s.data.some((v) => v !== 0))) return <EmptyState>{empty}</EmptyState>;
  return (
    <Box component="figure" sx={{ m: 0, position: 'relative' }}>
      <Legend series={series} />
      <BarsChart
        height={CHART_HEIGHT}
        labels={labels}
        series={series.map((s, i) => ({ ...s, color: seriesColor(i) }))}
        format={format}
        stacked={stacked}
        cutLabels={!months}
      />
      {/* In a hidden box: a table keeps its own width, which would widen a phone's page. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{months ? 'Mes' : 'Concepto'}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{format(s.data[i])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
