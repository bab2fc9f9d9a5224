import type { DashboardThemeInput } from '@platform/contract';
import type { CSSProperties } from 'react';
import type * as z from 'zod';

type Theme = z.input<typeof DashboardThemeInput>;

/**
 * The published theme as CSS custom properties on the dashboard's root (styles.css reads them with
 * fallbacks). Values go through the CSSOM one property each, so a value cannot add declarations.
 */
export function themeStyleOf(theme: Record<string, unknown> | null | undefined): CSSProperties {
  const value = (theme ?? {}) as Theme;
  const entries: Array<[string, string | null | undefined]> = [
    ['--dashboard-background', value.dashboard?.backgroundColor ?? value.backgroundColor],
    ['--dashboard-padding', value.dashboard?.padding],
    ['--dashboard-font', value.fontFamily],
    ['--dashboard-primary', value.primaryColor],
    ['--widget-background', value.widgets?.backgroundColor],
    ['--widget-padding', value.widgets?.padding],
    ['--widget-margin', value.widgets?.margin],
    ['--widget-border-color', value.widgets?.border?.color],
    ['--widget-border-radius', value.widgets?.border?.radius],
    ['--widget-border-style', value.widgets?.border?.style],
    ['--widget-border-width', value.widgets?.border?.width],
    ['--widget-text-color', value.widgets?.text?.color],
    ['--widget-text-font', value.widgets?.text?.fontFamily],
    ['--widget-code-font', value.widgets?.text?.codeFontFamily],
    ['--widget-secondary-color', value.widgets?.text?.secondaryColor],
    ['--widget-title-color', value.widgets?.title?.color],
    ['--widget-title-font', value.widgets?.title?.fontFamily],
    ['--widget-title-size', value.widgets?.title?.fontSize],
    ['--widget-title-weight', value.widgets?.title?.fontWeight],
    ['--control-background', value.controls?.backgroundColor],
    ['--control-padding', value.controls?.padding],
    ['--control-border-color', value.controls?.border?.color],
    ['--control-border-radius', value.controls?.border?.radius],
    ['--control-border-style', value.controls?.border?.style],
    ['--control-border-width', value.controls?.border?.width],
    ['--control-title-color', value.controls?.title?.color],
    ['--control-title-font', value.controls?.title?.fontFamily],
    ['--control-title-size', value.controls?.title?.fontSize],
    ['--control-title-weight', value.controls?.title?.fontWeight],
  ];
  const style: Record<string, string> = {};
  for (const [name, cssValue] of entries) {
    if (typeof cssValue === 'string' && cssValue.trim() !== '') style[name] = cssValue;
  }
  return style as CSSProperties;
}

/** Chart colours and fonts that follow the theme, as a Vega-Lite `config`. */
export function chartConfigOf(theme: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const value = (theme ?? {}) as Theme;
  const font = value.widgets?.text?.fontFamily ?? value.fontFamily;
  return {
    ...(value.primaryColor ? { mark: { color: value.primaryColor } } : {}),
    ...(font ? { font } : {}),
    background: null,
  };
}
