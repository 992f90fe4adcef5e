import type { Chart } from 'klinecharts';
/** Axis labels a chart of the klinecharts library draws, kept readable on a phone. */

export interface AxisTickLike {
  coord: number;
  value: number | string;
  text: string;
}

/**
 * Time-axis labels that can be read in full and are not in the future: a label after the newest
 * bar (the chart extrapolates times into the empty space on the right) or one whose text would
 * be cut by either edge of the plot is dropped.
 */
export function readableTimeTicks<T extends AxisTickLike>(
  ticks: readonly T[],
  lastTimestamp: number | null,
  width: number,
  measure: (text: string) => number,
): T[] {
  return ticks.filter((tick) => {
    const time = typeof tick.value === 'number' ? tick.value : Number(tick.value);
    if (lastTimestamp === null || !Number.isFinite(time) || time > lastTimestamp) return false;
    const half = measure(tick.text) / 2;
    return tick.coord - half >= 0 && tick.coord + half <= width;
  });
}

/** Value-axis labels whose text fits between the top and bottom edges of their pane. */
export function readableValueTicks<T extends AxisTickLike>(
  ticks: readonly T[],
  height: number,
  textHeight: number,
): T[] {
  const half = textHeight / 2 + 2;
  return ticks.filter((tick) => tick.coord - half >= 0 && tick.coord + half <= height);
}

/** Width of a time-axis label as the chart draws it (for dropping labels cut by an edge). */
export function measureTickText(size: number, family: string): (text: string) => number {
  let context: CanvasRenderingContext2D | null | undefined;
  return (text) => {
    if (context === undefined) {
      context = document.createElement('canvas').getContext('2d');
      if (context) context.font = `${size}px ${family}`;
    }
    return context ? context.measureText(text).width : text.length * size * 0.6;
  };
}

/**
 * Time-axis labels far enough apart to read: walking from the right (the newest date matters
 * most), a label is kept only when it clears the last kept one by a gap.
 */
export function spacedTicks<T extends AxisTickLike>(
  ticks: readonly T[],
  measure: (text: string) => number,
  gap = 12,
): T[] {
  const kept: T[] = [];
  for (const tick of [...ticks].sort((a, b) => b.coord - a.coord)) {
    const previous = kept.at(-1);
    if (!previous || previous.coord - tick.coord >= (measure(previous.text) + measure(tick.text)) / 2 + gap)
      kept.push(tick);
  }
  return kept.reverse();
}

/** A colour or length the app's theme sets as a CSS variable, or the fallback. */
export function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The app theme's colours and font as the charts draw them (the library's default font is on few phones). */
export function chartTheme() {
  return {
    family: cssVar('--adm-font-family', 'sans-serif').replace(/\s+/g, ' '),
    up: cssVar('--kb-up', '#d9363e'),
    down: cssVar('--kb-down', '#0e9f6e'),
    text: cssVar('--kb-muted', '#6b7280'),
    grid: cssVar('--kb-border', '#e6e8ee'),
    primary: cssVar('--adm-color-primary', '#2a4bd7'),
    danger: cssVar('--adm-color-danger', '#d9363e'),
  };
}

/** Both axes in the theme's muted text and grid colour. */
export function axisStyles({ grid, text, family }: ReturnType<typeof chartTheme>) {
  const axis = { axisLine: { color: grid }, tickText: { color: text, family }, tickLine: { color: grid } };
  return { xAxis: axis, yAxis: axis };
}

/** Calls `touched` with the index of the bar under the crosshair whenever it moves (null off the bars). */
export function onTouchedBar(instance: Chart, paneId: string, touched: (index: number | null) => void): void {
  instance.subscribeAction('onCrosshairChange', (data) => {
    const x = (data as { x?: number } | undefined)?.x;
    if (typeof x !== 'number') return;
    const [point] = instance.convertFromPixel([{ x }], { paneId }) as Array<{ dataIndex?: number }>;
    touched(typeof point?.dataIndex === 'number' ? point.dataIndex : null);
  });
}
