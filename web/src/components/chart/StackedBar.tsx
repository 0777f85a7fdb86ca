import { useId } from 'react';

export interface Segment {
  key: string;
  label: string;
  value: number;
  /** A CSS colour; the theme's variables work (`var(--color-success)`). */
  color: string;
}

export interface StackedBarProps {
  title: string;
  segments: Segment[];
  emptyMessage?: string;
}

/** Each segment's share in whole percent, rounded so they add up to 100 (largest remainder). */
export function percentages(values: number[]): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((value) => (value / total) * 100);
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((sum, value) => sum + value, 0);
  const order = exact.map((value, index) => ({ index, rest: value - floors[index] })).sort((a, b) => b.rest - a.rest);
  for (const { index } of order) {
    if (missing <= 0) break;
    floors[index] += 1;
    missing -= 1;
  }
  return floors;
}

/** One horizontal bar split by share, with a legend of counts and percentages. */
export function StackedBar({ title, segments, emptyMessage }: StackedBarProps) {
  const id = useId();
  const total = segments.reduce((sum, segment) => sum + segment.value, 0);
  const shares = percentages(segments.map((segment) => segment.value));
  const summary = segments.map((segment, index) => `${segment.label}: ${segment.value} (${shares[index]}%)`).join(', ');
  const widths = segments.map((segment) => (total ? (segment.value / total) * 100 : 0));
  const starts = widths.map((_, index) => widths.slice(0, index).reduce((sum, width) => sum + width, 0));

  return (
    <figure className="chart">
      <figcaption className="chart__title" id={`${id}-title`}>
        {title}
      </figcaption>
      {total === 0 && emptyMessage ? (
        <p className="chart__empty">{emptyMessage}</p>
      ) : (
        <svg
          className="chart__svg chart__svg--stacked"
          viewBox="0 0 100 8"
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
        >
          <desc id={`${id}-desc`}>{summary}</desc>
          {segments.map((segment, index) => (
            <rect
              key={segment.key}
              x={starts[index]}
              y={0}
              width={widths[index]}
              height={8}
              fill={segment.color}
              data-testid="chart-segment"
            >
              <title>{`${segment.label}: ${segment.value}`}</title>
            </rect>
          ))}
        </svg>
      )}
      <ul className="chart__legend">
        {segments.map((segment, index) => (
          <li key={segment.key}>
            <span className="chart__swatch" style={{ background: segment.color }} aria-hidden="true" />
            {segment.label}: <strong>{segment.value}</strong> ({shares[index]}%)
          </li>
        ))}
      </ul>
    </figure>
  );
}
