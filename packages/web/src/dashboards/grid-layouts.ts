import type { DashboardLayout } from '@platform/contract';
import type { Widget } from './dashboard-model.js';

export const breakpointNames = ['lg', 'md', 'sm', 'xs', 'xxs'] as const;
export type BreakpointName = (typeof breakpointNames)[number];

const defaultBreakpoints: Record<BreakpointName, number> = { lg: 1200, md: 996, sm: 768, xs: 480, xxs: 0 };
const defaultCols: Record<BreakpointName, number> = { lg: 12, md: 10, sm: 6, xs: 4, xxs: 2 };
/** Narrower than this many columns, widgets without a layout of their own stack at full width. */
const stackBelowColumns = 6;

export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** react-grid-layout's Responsive props from the published DashboardLayout (nulls take the defaults). */
export interface GridProps {
  breakpoints: Record<BreakpointName, number>;
  cols: Record<BreakpointName, number>;
  layouts: Record<BreakpointName, GridItem[]>;
  rowHeight: number;
  margin: [number, number];
  containerPadding: [number, number];
}

function perBreakpoint(
  value: Partial<Record<BreakpointName, number | null>> | null | undefined,
  defaults: Record<BreakpointName, number>,
): Record<BreakpointName, number> {
  const result = { ...defaults };
  for (const name of breakpointNames) {
    const own = value?.[name];
    if (typeof own === 'number') result[name] = own;
  }
  return result;
}

function pair(value: readonly number[] | null | undefined, fallback: [number, number]): [number, number] {
  if (!value || value.length === 0) return fallback;
  const [first = fallback[0], second = first] = value;
  return [first, second];
}

/**
 * One layout per breakpoint: a widget's own `responsiveLayouts[breakpoint]`, else its `position` when the
 * grid is wide enough, else (a narrow grid) scaled to the columns, or stacked full width in reading order.
 */
export function gridPropsOf(
  layout: DashboardLayout | null | undefined,
  widgets: readonly Widget[],
): GridProps {
  const cols = perBreakpoint(layout?.cols, defaultCols);
  const margin = pair(layout?.margin, [12, 12]);
  const widest = Math.max(1, ...widgets.map((widget) => widget.position.x + widget.position.w));
  const reading = [...widgets].sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x);
  const layouts = {} as Record<BreakpointName, GridItem[]>;
  for (const name of breakpointNames) {
    const columns = cols[name];
    let stackedY = 0;
    layouts[name] = reading.map((widget): GridItem => {
      const own = widget.responsiveLayouts?.[name];
      if (own) return { i: widget.id, ...own };
      const { x, y, w, h } = widget.position;
      if (widest <= columns) return { i: widget.id, x, y, w, h };
      if (columns < stackBelowColumns) {
        const item = { i: widget.id, x: 0, y: stackedY, w: columns, h };
        stackedY += h;
        return item;
      }
      const scale = columns / widest;
      const scaledX = Math.min(columns - 1, Math.floor(x * scale));
      return {
        i: widget.id,
        x: scaledX,
        y,
        w: Math.max(1, Math.min(columns - scaledX, Math.round(w * scale))),
        h,
      };
    });
  }
  return {
    breakpoints: perBreakpoint(layout?.breakpoints, defaultBreakpoints),
    cols,
    layouts,
    rowHeight: layout?.rowHeight ?? 48,
    margin,
    containerPadding: pair(layout?.containerPadding, margin),
  };
}
