import type { AdminStats } from '../../../../contract/admin.ts';
import { shortMonthLabel } from '../../../../contract/dates.ts';

/** Geometry for the 12-month bars (Overview): pure numbers, so the SVG stays a thin drawing. */
export interface ChartBar {
  month: string;
  /** "Dec 2025". */
  label: string;
  /** "D" … the month's initial, for the axis under a narrow bar. */
  short: string;
  value: number;
  x: number;
  y: number;
  height: number;
}

export interface ChartGeometry {
  bars: ChartBar[];
  /** The axis top: a round number at or above the largest value (1 when all are 0). */
  max: number;
  barWidth: number;
}

/** 1, 2, 5, 10, 20, 50 … the first of these at or above `value`. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Bars in a `width` × `height` box (SVG units), one per month, oldest on the left. */
export function chartBars(
  history: AdminStats['history'],
  pick: 'signups' | 'revenue',
  width: number,
  height: number,
): ChartGeometry {
  const max = niceMax(Math.max(0, ...history.map((h) => h[pick])));
  const slot = history.length ? width / history.length : width;
  const barWidth = slot * 0.7;
  const bars = history.map((h, i) => {
    const value = h[pick];
    const barHeight = (value / max) * height;
    const label = shortMonthLabel(h.month);
    return {
      month: h.month,
      label,
      short: label.charAt(0),
      value,
      x: i * slot + (slot - barWidth) / 2,
      y: height - barHeight,
      height: barHeight,
    };
  });
  return { bars, max, barWidth };
}
