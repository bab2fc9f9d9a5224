import type { AppTheme } from '@platform/contract';
import type { CSSProperties } from 'react';

/**
 * The tenant's theme as the page's own custom properties (styles.css and dashboard.css read them), one
 * property each through the CSSOM, so a value cannot add declarations.
 */
export function appThemeProperties(theme: AppTheme | null): Array<[string, string]> {
  if (!theme) return [];
  const properties: Array<[string, string | undefined]> = [
    ['--accent', theme.primaryColor],
    ['--background', theme.backgroundColor],
    ['--text', theme.textColor],
    ['--app-font', theme.fontFamily],
    ['--radius', theme.borderRadiusPixels === undefined ? undefined : `${theme.borderRadiusPixels}px`],
    ['color-scheme', theme.mode],
  ];
  if (theme.mode === 'dark') {
    properties.push(
      ['--surface', '#161b22'],
      ['--line', '#30363d'],
      ['--muted', '#9aa4b2'],
      ['--background', theme.backgroundColor ?? '#0d1117'],
      ['--text', theme.textColor ?? '#e6edf3'],
    );
  }
  return properties.filter((entry): entry is [string, string] => entry[1] !== undefined);
}

/** Sets the properties on an element; returns what undoes it. */
export function applyAppTheme(element: HTMLElement, theme: AppTheme | null): () => void {
  const properties = appThemeProperties(theme);
  for (const [name, value] of properties) element.style.setProperty(name, value);
  return () => {
    for (const [name] of properties) element.style.removeProperty(name);
  };
}

/** The theme's custom properties as a React style (a dashboard's base look). */
export function appThemeStyleOf(theme: AppTheme | null): CSSProperties {
  const custom = appThemeProperties(theme).filter(([name]) => name.startsWith('--'));
  return Object.fromEntries(custom) as CSSProperties;
}
