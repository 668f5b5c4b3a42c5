import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ComposeOption, type ECElementEvent, type ECharts } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

/**
 * The one ECharts wrapper every screen draws its charts with (the HR dashboard's bars, a keyword's index trend). Only
 * what they draw is loaded, so the chunk stays small: bar and line charts with axes, a legend and tooltips, as SVG
 * (crisp at any zoom, light for a few hundred points). It lands in the chunk of the first screen that uses it.
 */
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;
export type ChartClick = ECElementEvent;

interface EChartProps {
  option: ChartOption;
  /** Names the chart for screen readers (the chart itself is a picture to them). */
  label: string;
  height: number;
  onItemClick?: (event: ChartClick) => void;
}

/** An ECharts chart that redraws when `option` changes and follows its box's size (window, sidebar, phone rotation). */
export function EChart({ option, label, height, onItemClick }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts>(null);

  useEffect(() => {
    const instance = init(box.current!, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current!);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance || !onItemClick) return;
    instance.on('click', onItemClick);
    return () => {
      // On unmount the chart is already gone (the first effect's clean-up runs first).
      if (!instance.isDisposed()) instance.off('click', onItemClick);
    };
  }, [onItemClick]);

  return <div ref={box} role="img" aria-label={label} className="echart" style={{ width: '100%', height }} />;
}
