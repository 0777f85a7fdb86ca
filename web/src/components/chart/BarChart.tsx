import { useId } from 'react';
import { useElementWidth } from '@/lib/use-element-width';

export interface BarDatum {
  /** The axis label, e.g. a short date. */
  label: string;
  value: number;
}

export interface BarChartProps {
  /** The chart's accessible name (also its visible caption). */
  title: string;
  data: BarDatum[];
  /** Formats a value for the bar's tooltip and the accessible table; defaults to the number. */
  formatValue?: (value: number) => string;
  height?: number;
  /** Show every nth label on the axis so long periods stay readable (0: as many as fit). */
  labelEvery?: number;
  emptyMessage?: string;
}

/** The width drawn before the figure is measured (and in tests). */
const DEFAULT_WIDTH = 640;
const PADDING = { top: 12, right: 8, bottom: 28, left: 32 };
/** Room an axis label needs ("28 okt" at 11 px is about 35 px) so neighbours never touch. */
const LABEL_ROOM = 56;

/** A rounded-up scale maximum with at most 4 whole-number ticks. */
export function niceTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const step = Math.max(1, Math.ceil(max / 4));
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return ticks;
}

/**
 * A dependency-free SVG bar chart. The SVG is an image with a title and description;
 * the numbers are also in a visually hidden table for screen readers.
 */
export function BarChart({ title, data, formatValue = String, height = 220, labelEvery = 0, emptyMessage }: BarChartProps) {
  const id = useId();
  // The SVG is drawn at the figure's own width (one unit is one pixel), so its 11 px labels
  // stay 11 px on a phone instead of shrinking with a fixed viewBox.
  const [measure, measuredWidth] = useElementWidth<SVGSVGElement>(DEFAULT_WIDTH);
  const width = Math.max(240, measuredWidth);
  const ticks = niceTicks(Math.max(0, ...data.map((datum) => datum.value)));
  const top = ticks[ticks.length - 1];
  const plotWidth = width - PADDING.left - PADDING.right;
  const plotHeight = height - PADDING.top - PADDING.bottom;
  const slot = data.length ? plotWidth / data.length : plotWidth;
  const barWidth = Math.max(1, slot * 0.7);
  const every = labelEvery || Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(plotWidth / LABEL_ROOM))));
  const y = (value: number) => PADDING.top + plotHeight - (value / top) * plotHeight;
  const total = data.reduce((sum, datum) => sum + datum.value, 0);

  return (
    <figure className="chart">
      <figcaption className="chart__title" id={`${id}-title`}>
        {title}
      </figcaption>
      {data.length === 0 && emptyMessage ? (
        <p className="chart__empty">{emptyMessage}</p>
      ) : (
        <>
          <svg
            ref={measure}
            className="chart__svg"
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-desc`}
          >
            <desc id={`${id}-desc`}>
              {data.length ? `${data[0].label} – ${data[data.length - 1].label}: ${formatValue(total)}` : ''}
            </desc>
            {ticks.map((tick) => (
              <g key={tick} className="chart__tick">
                <line x1={PADDING.left} x2={width - PADDING.right} y1={y(tick)} y2={y(tick)} />
                <text x={PADDING.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                  {tick}
                </text>
              </g>
            ))}
            {data.map((datum, index) => {
              const x = PADDING.left + index * slot + (slot - barWidth) / 2;
              return (
                <g key={`${datum.label}-${index}`} data-testid="chart-bar" data-value={datum.value}>
                  <rect
                    className="chart__bar"
                    x={x}
                    y={y(datum.value)}
                    width={barWidth}
                    height={Math.max(0, PADDING.top + plotHeight - y(datum.value))}
                  >
                    <title>{`${datum.label}: ${formatValue(datum.value)}`}</title>
                  </rect>
                  {index % every === 0 && (
                    <text className="chart__label" x={x + barWidth / 2} y={height - 8} textAnchor="middle">
                      {datum.label}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
          {/* Hidden on a wrapper: a table ignores the 1 px box and overflow, and would add a page of scroll. */}
          <div className="visually-hidden">
            <table>
              <caption>{title}</caption>
              <tbody>
                {data.map((datum, index) => (
                  <tr key={`${datum.label}-${index}`}>
                    <th scope="row">{datum.label}</th>
                    <td>{formatValue(datum.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
