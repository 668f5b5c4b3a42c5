import type { HrDashboard } from '@juqi/contract';
import type { GlobalToken } from 'antd';
import type { ChartOption } from '../../../components/echart';

/** The states a department's bar is made of, in stacking order. */
export const IN_OFFICE_SEGMENTS = ['probation', 'regular', 'resigning'] as const;

/** Colours and text from antd's theme tokens, so the charts follow the light and dark themes. */
function frame(token: GlobalToken): ChartOption {
  return {
    backgroundColor: 'transparent',
    textStyle: { fontFamily: token.fontFamily },
    legend: { top: 0, textStyle: { color: token.colorText } },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      textStyle: { color: token.colorText },
    },
  };
}

const axisStyle = (token: GlobalToken) => ({
  axisLine: { lineStyle: { color: token.colorBorder } },
  axisLabel: { color: token.colorTextSecondary },
  splitLine: { lineStyle: { color: token.colorSplit } },
});

/** Whole people on a value axis. */
const countAxis = { type: 'value', minInterval: 1 } as const;

/** Staff in office per top-level department, a horizontal bar each (long names stay readable), in segments by state. */
export function departmentOption(
  departments: HrDashboard['departments'],
  names: { department: (row: HrDashboard['departments'][number]) => string; status: (status: (typeof IN_OFFICE_SEGMENTS)[number]) => string },
  token: GlobalToken,
  clickable: boolean,
): ChartOption {
  const colours = { probation: token.colorPrimary, regular: token.colorSuccess, resigning: token.colorWarning };
  return {
    ...frame(token),
    grid: { top: 32, left: 8, right: 16, bottom: 8 },
    xAxis: { ...axisStyle(token), ...countAxis },
    yAxis: { ...axisStyle(token), type: 'category', inverse: true, data: departments.map(names.department), axisLabel: { color: token.colorTextSecondary, width: 96, overflow: 'truncate' } },
    series: IN_OFFICE_SEGMENTS.map((status) => ({
      id: status,
      type: 'bar',
      name: names.status(status),
      stack: 'staff',
      barMaxWidth: 28,
      cursor: clickable ? 'pointer' : 'default',
      itemStyle: { color: colours[status] },
      data: departments.map((row) => row[status]),
    })),
  };
}

/** Joiners and leavers side by side for each month, oldest first. */
export function monthsOption(months: HrDashboard['months'], names: { month: (month: string, index: number) => string; joiners: string; leavers: string }, token: GlobalToken, clickable: boolean): ChartOption {
  return {
    ...frame(token),
    grid: { top: 32, left: 8, right: 16, bottom: 8 },
    // The categories are the months as `YYYY-MM` (the tooltip's heading); the axis writes them short.
    xAxis: { ...axisStyle(token), type: 'category', data: months.map((m) => m.month), axisLabel: { color: token.colorTextSecondary, formatter: names.month } },
    yAxis: { ...axisStyle(token), ...countAxis },
    series: [
      { id: 'joiners', type: 'bar', name: names.joiners, barMaxWidth: 16, cursor: clickable ? 'pointer' : 'default', itemStyle: { color: token.colorPrimary }, data: months.map((m) => m.joiners) },
      // The staff list has no leaving-day filter, so leavers lead nowhere.
      { id: 'leavers', type: 'bar', name: names.leavers, barMaxWidth: 16, cursor: 'default', itemStyle: { color: token.colorError }, data: months.map((m) => m.leavers) },
    ],
  };
}
