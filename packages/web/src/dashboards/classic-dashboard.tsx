import 'react-grid-layout/css/styles.css';
import './dashboard.css';
import type { QueryFilter } from '@platform/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Responsive, useContainerWidth } from 'react-grid-layout';
import { appThemeStyleOf } from '../session/app-theme.js';
import { useAppConfig } from '../session/session.js';
import { AiWidget } from './ai-widget.js';
import { ChartWidget } from './chart-widget.js';
import { TextWidget } from './content-widgets.js';
import { FilterWidget, TimeGrainWidget } from './control-widgets.js';
import {
  type ControlValues,
  type Dashboard,
  initialControlValues,
  runInputOf,
  type TimeGrain,
  titleOf,
  type Widget,
  widgetsOf,
} from './dashboard-model.js';
import { chartConfigOf, themeStyleOf } from './dashboard-theme.js';
import { useDisplayFormat } from './display-format.js';
import { gridPropsOf } from './grid-layouts.js';
import { preloadVega } from './vega-chart.js';
import { vegaLocaleOf } from './vega-locale.js';
import { WidgetFrame } from './widget-frame.js';

const disabled = { enabled: false } as const;

const isControl = (widget: Widget) => widget.type === 'FILTER' || widget.type === 'TIME_GRAIN';

/**
 * A CLASSIC dashboard: its widgets on a react-grid-layout grid (the published DashboardLayout's props,
 * a layout per breakpoint, nothing draggable), the theme as CSS variables, and the FILTER and TIME_GRAIN
 * controls feeding the runs of the CHART widgets they apply to.
 */
export function ClassicDashboard({
  dashboard,
  canDownload,
  isEmbedded = false,
  initialValues,
}: {
  dashboard: Dashboard;
  canDownload: boolean;
  /** On the embed page: AI widgets (which answer account users) say where to ask instead. */
  isEmbedded?: boolean;
  /** Control values to start from instead of the controls' defaults (a notification's render). */
  initialValues?: Partial<ControlValues>;
}) {
  const widgets = useMemo(() => widgetsOf(dashboard), [dashboard]);
  const grid = useMemo(() => gridPropsOf(dashboard.config.layout, widgets), [dashboard, widgets]);
  const appConfig = useAppConfig();
  // The tenant's theme is a dashboard's base look; the dashboard's own theme wins member by member.
  const themeStyle = useMemo(
    () => ({ ...appThemeStyleOf(appConfig?.appTheme ?? null), ...themeStyleOf(dashboard.config.theme) }),
    [dashboard, appConfig],
  );
  const display = useDisplayFormat();
  const chartConfig = useMemo(
    () => ({
      ...chartConfigOf(dashboard.config.theme),
      ...(display.locale ? { locale: vegaLocaleOf(display.locale) } : {}),
    }),
    [dashboard, display],
  );
  const [values, setValues] = useState<ControlValues>(() => {
    const defaults = initialControlValues(widgets);
    return {
      filters: { ...defaults.filters, ...initialValues?.filters },
      timeGrains: { ...defaults.timeGrains, ...initialValues?.timeGrains },
    };
  });
  const { width, containerRef, mounted } = useContainerWidth();
  const hasVegaCharts = dashboard.reportSnapshots.some(
    (snapshot) => snapshot.spec && snapshot.kind !== 'table',
  );
  useEffect(() => {
    if (hasVegaCharts) preloadVega();
  }, [hasVegaCharts]);
  const setFilter = useCallback((widgetId: string, filter: QueryFilter | null) => {
    setValues((current) => ({ ...current, filters: { ...current.filters, [widgetId]: filter } }));
  }, []);
  const setTimeGrain = useCallback((widgetId: string, grain: TimeGrain | null) => {
    setValues((current) => ({ ...current, timeGrains: { ...current.timeGrains, [widgetId]: grain } }));
  }, []);

  const bodyOf = (widget: Widget, title: string | null): ReactNode => {
    switch (widget.type) {
      case 'CHART':
        return (
          <ChartWidget
            dashboard={dashboard}
            widget={widget}
            input={runInputOf(widgets, values, widget.id)}
            title={title ?? widget.id}
            chartConfig={chartConfig}
            canDownload={canDownload}
          />
        );
      case 'TEXT':
        return <TextWidget widget={widget} />;
      case 'FILTER':
        return (
          <FilterWidget
            widget={widget}
            title={title}
            initial={values.filters[widget.id] ?? null}
            onChange={(filter) => setFilter(widget.id, filter)}
          />
        );
      case 'TIME_GRAIN':
        return (
          <TimeGrainWidget
            widget={widget}
            title={title}
            value={values.timeGrains[widget.id] ?? null}
            onChange={(grain) => setTimeGrain(widget.id, grain)}
          />
        );
      case 'AI':
        return isEmbedded ? (
          <p className="muted">This conversation is not shown on embedded dashboards.</p>
        ) : (
          <AiWidget dashboard={dashboard} widget={widget} />
        );
      case 'DIVIDER':
        return <hr />;
      case 'SPACER':
      case 'CONTAINER':
        return null;
    }
  };

  return (
    <div
      className="dashboard"
      style={themeStyle}
      data-theme={
        typeof dashboard.config.theme?.themeId === 'string' ? dashboard.config.theme.themeId : undefined
      }
    >
      {dashboard.config.description ? (
        <p className="dashboard-description">{dashboard.config.description}</p>
      ) : null}
      <div ref={containerRef} className="dashboard-grid">
        {mounted ? (
          <Responsive
            width={width}
            breakpoints={grid.breakpoints}
            cols={grid.cols}
            layouts={grid.layouts}
            rowHeight={grid.rowHeight}
            margin={grid.margin}
            containerPadding={grid.containerPadding}
            dragConfig={disabled}
            resizeConfig={disabled}
          >
            {widgets.map((widget) => {
              const title = titleOf(dashboard, widget);
              return (
                <div key={widget.id} data-widget-id={widget.id} data-widget-type={widget.type}>
                  {widget.type === 'SPACER' ? (
                    <div className="widget-spacer" aria-hidden="true" />
                  ) : widget.type === 'DIVIDER' ? (
                    <hr className="widget-divider" />
                  ) : (
                    // A control's title is its field's label, not a heading of its own.
                    <WidgetFrame title={isControl(widget) ? null : title} type={widget.type}>
                      {bodyOf(widget, title)}
                    </WidgetFrame>
                  )}
                </div>
              );
            })}
          </Responsive>
        ) : null}
      </div>
    </div>
  );
}
