import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../../lib/theme';
import { yRange, yStepsOf } from './chart-scale';

type ChartSeries = { label: string; values: (number | null)[]; color?: string };

type Props = {
  /** What the chart shows, for screen readers (the numbers are also in a table or list beside it). */
  title: string;
  /** One label per point along the x axis. */
  labels: string[];
  series: ChartSeries[];
  kind?: 'line' | 'bars';
  /** How a y value reads on the axis and in the legend. */
  format?: (value: number) => string;
  /** The smallest step of the y axis, in the values' unit (100 for centavos shown as pesos). */
  unit?: number;
  height?: number;
};

const BRAND = '#f97316';

/**
 * The one chart of the app (uPlot, canvas): a line or bars over labelled points, as wide as its box
 * and in the current theme. Only owner screens use it; their routes are split, so drivers never load it.
 */
export function Chart({ title, labels, series, kind = 'line', format = String, unit = 1, height = 220 }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const { isDark } = useTheme();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const ink = isDark ? '#cbd5e1' : '#475569';
    const grid = isDark ? 'rgba(148,163,184,0.15)' : 'rgba(100,116,139,0.15)';
    const xs = labels.map((_, i) => i);
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height,
        scales: {
          x: { time: false, range: kind === 'bars' ? [-0.5, labels.length - 0.5] : undefined },
          y: { range: (_, min, max) => uPlot.rangeNum(...yRange(min, max, unit), 0.1, true) },
        },
        legend: { show: series.length > 1 },
        cursor: { drag: { x: false, y: false } },
        axes: [
          {
            stroke: ink,
            grid: { show: false },
            ticks: { stroke: grid },
            values: (_, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? (labels[tick] ?? '') : '')),
          },
          {
            stroke: ink,
            grid: { stroke: grid },
            ticks: { stroke: grid },
            size: 64,
            incrs: yStepsOf(unit),
            values: (_, ticks) => ticks.map(format),
          },
        ],
        series: [
          { label: 'x', value: (_, i) => (i === null ? '' : (labels[i] ?? '')) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color ?? BRAND,
            width: 2,
            fill: kind === 'bars' ? `${s.color ?? BRAND}cc` : `${s.color ?? BRAND}22`,
            paths: kind === 'bars' ? uPlot.paths.bars!({ size: [0.7, 40] }) : undefined,
            points: { show: kind === 'line' && labels.length <= 31 },
            value: (_: uPlot, v: number | null) => (v === null ? '–' : format(v)),
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [labels, series, kind, format, unit, height, isDark]);

  return <div ref={box} role="img" aria-label={title} className="w-full min-w-0 overflow-hidden" data-testid="chart" />;
}
