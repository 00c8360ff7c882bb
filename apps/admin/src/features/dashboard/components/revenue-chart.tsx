import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatPaise } from '@store/contracts/money';
import type { Dashboard } from '@store/contracts/admin/people';

type Day = Dashboard['dailyRevenue'][number];

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/**
 * Daily revenue for 30 days as bars (uPlot, canvas). The canvas is hidden from screen readers;
 * the same numbers are in a visually hidden table beside it.
 */
export function RevenueChart({ days }: { days: Day[] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const xs = days.map((_, i) => i);
    const ys = days.map((d) => d.revenuePaise / 100);
    const primary =
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim() ||
      '#8a4b2a';
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 240,
        legend: { show: false },
        cursor: { show: true, points: { show: false } },
        scales: { x: { time: false } },
        axes: [
          {
            values: (_u, splits) => splits.map((i) => (days[i] ? dayLabel(days[i]!.date) : '')),
            space: 60,
          },
          {
            values: (_u, splits) => splits.map((v) => `₹${v.toLocaleString('en-IN')}`),
            size: 70,
          },
        ],
        series: [
          {},
          {
            label: 'Revenue',
            stroke: primary,
            fill: `${primary}55`,
            paths: uPlot.paths.bars!({ size: [0.7, 40] }),
            points: { show: false },
          },
        ],
      },
      [xs, ys],
      el,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 240 }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days]);

  return (
    <figure>
      <div ref={box} aria-hidden="true" className="w-full overflow-hidden" />
      <figcaption className="sr-only">Daily revenue for the last 30 days</figcaption>
      <table className="sr-only">
        <caption>Daily revenue for the last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel(d.date)}</th>
              <td>{formatPaise(d.revenuePaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
