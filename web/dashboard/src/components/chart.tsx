import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';

export interface Series {
  label: string;
  values: number[];
  /** CSS colour of the line. */
  stroke: string;
}

/**
 * A time series chart (uPlot: canvas, 50 kB, no dependencies) sized to its container. Canvas is invisible to
 * assistive technology, so the figure carries a caption and every chart is paired with a table of the same numbers
 * (the `summary` children, inside a <details>).
 */
export function TimeChart({
  title,
  days,
  series,
  height = 220,
  format,
}: {
  title: string;
  days: string[];
  series: Series[];
  height?: number;
  format?: (v: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height,
        legend: { show: true },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        axes: [{}, { values: (_u, vals) => vals.map((v) => (format ? format(v) : String(v))), size: 70 }],
        series: [{ label: 'Day' }, ...series.map((s) => ({ label: s.label, stroke: s.stroke, width: 2, points: { show: days.length < 40 } }))],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, height, format]);
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div ref={box} aria-hidden="true" />
    </figure>
  );
}
