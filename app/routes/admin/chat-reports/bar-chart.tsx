import "uplot/dist/uPlot.min.css";
import { useEffect, useRef } from "react";

/**
 * A bar chart drawn by uPlot (loaded only on this screen, on the client: it measures the page).
 * The figures are also in the table beside it, so the picture needs no words of its own.
 */
export function BarChart({ labels, values, label }: { labels: string[]; values: number[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: { destroy: () => void; setSize: (s: { width: number; height: number }) => void } | null = null;
    let gone = false;
    const size = () => ({ width: Math.max(el.clientWidth, 240), height: 220 });
    void import("uplot").then(({ default: UPlot }) => {
      if (gone) return;
      const colour = getComputedStyle(document.documentElement).getPropertyValue("--chat-primary").trim();
      chart = new UPlot(
        {
          ...size(),
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false } },
          axes: [
            { values: (_u, ticks) => ticks.map((t) => labels[t] ?? ""), gap: 4, size: 36 },
            { size: 40, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : "")) },
          ],
          series: [
            {},
            {
              label,
              fill: colour ? `hsl(${colour} / 0.8)` : "#15803d",
              stroke: colour ? `hsl(${colour})` : "#15803d",
              paths: UPlot.paths.bars?.({ size: [0.7, 40] }),
              points: { show: false },
            },
          ],
        },
        [labels.map((_, i) => i), values],
        el,
      );
    });
    const resize = new ResizeObserver(() => chart?.setSize(size()));
    resize.observe(el);
    return () => {
      gone = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [labels, values, label]);
  return <div ref={box} role="img" aria-label={label} className="min-h-[220px] w-full" />;
}
