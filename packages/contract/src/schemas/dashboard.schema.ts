import * as z from 'zod';
import { EntityId, IdParam, listOf, PagingQuery, Timestamp } from './common.schema.js';
import { FillMissingRows, PeriodComparison, ReportKind, ReportPreferences } from './report.schema.js';
import { RunReportInput } from './report-run.schema.js';
import { QueryFilter } from './semantic-query.schema.js';
import { jsonObject, text } from './text.schema.js';

export const dashboardKinds = ['CLASSIC', 'APP'] as const;
export const dashboardStatuses = ['draft', 'published', 'archived'] as const;
export const dashboardWidgetTypes = [
  'CHART',
  'TEXT',
  'FILTER',
  'AI',
  'TIME_GRAIN',
  'SPACER',
  'DIVIDER',
  'CONTAINER',
] as const;
export const dashboardBreakpoints = ['lg', 'md', 'sm', 'xs', 'xxs'] as const;

/** SPEC.md's limits on dashboard input. */
export const maximumWidgetIdLength = 128;
export const maximumAppEntryLength = 255;
/** Not in SPEC.md: bounds that keep one config far from the body limit and the page usable. */
export const maximumDashboardWidgets = 500;
export const maximumAppFiles = 200;
export const maximumAppSourceCharacters = 2_000_000;

export const DashboardKind = z.enum(dashboardKinds).meta({ id: 'DashboardKind' });
export const DashboardStatus = z.enum(dashboardStatuses).meta({ id: 'DashboardStatus' });
export const DashboardWidgetType = z.enum(dashboardWidgetTypes).meta({ id: 'DashboardWidgetType' });

/** A widget's place on the grid, in grid units (react-grid-layout's `x, y, w, h`). */
const GridCoordinate = z.int().min(0).max(10_000);
export const DashboardWidgetPosition = z
  .strictObject({
    x: GridCoordinate,
    y: GridCoordinate,
    w: z.int().min(1).max(10_000),
    h: z.int().min(1).max(10_000),
  })
  .meta({ id: 'DashboardWidgetPosition' });

const perBreakpoint = <Schema extends z.ZodType>(member: Schema) =>
  z.strictObject({
    lg: member.nullable().optional(),
    md: member.nullable().optional(),
    sm: member.nullable().optional(),
    xs: member.nullable().optional(),
    xxs: member.nullable().optional(),
  });

export const DashboardLayout = z
  .strictObject({
    breakpoints: perBreakpoint(z.int().min(0).max(100_000)).nullable().optional().meta({
      description: 'The smallest page width in pixels of each breakpoint (react-grid-layout `breakpoints`).',
    }),
    cols: perBreakpoint(z.int().min(1).max(1_000)).nullable().optional().meta({
      description: 'Grid columns at each breakpoint (react-grid-layout `cols`).',
    }),
    containerPadding: z.array(z.int().min(0).max(1_000)).max(2).nullable().optional().meta({
      description: '`[horizontal, vertical]` padding of the grid in pixels.',
    }),
    margin: z.array(z.int().min(0).max(1_000)).max(2).nullable().optional().meta({
      description: '`[horizontal, vertical]` space between widgets in pixels.',
    }),
    rowHeight: z
      .int()
      .min(1)
      .max(10_000)
      .nullable()
      .optional()
      .meta({ description: 'Pixels of one grid row.' }),
  })
  .meta({ id: 'DashboardLayout' });

export type DashboardLayout = z.infer<typeof DashboardLayout>;

export const DashboardWidget = z
  .strictObject({
    id: text().min(1).max(maximumWidgetIdLength),
    type: DashboardWidgetType,
    position: DashboardWidgetPosition,
    config: jsonObject().nullable().optional().meta({
      description:
        'Free-form per type: CHART `{reportId}`; TEXT `{markdown}`; FILTER `{member, operator?, values?, appliesTo?: widget ids}`; TIME_GRAIN `{grain, grains?, appliesTo?}`; AI `{threadId?, agentId?}`; CONTAINER `{children?: widget ids}`.',
    }),
    style: jsonObject().nullable().optional(),
    responsiveLayouts: perBreakpoint(DashboardWidgetPosition).nullable().optional().meta({
      description: 'A position per breakpoint; absent ones follow `position`.',
    }),
  })
  .meta({ id: 'DashboardWidget' });

export type DashboardWidget = z.infer<typeof DashboardWidget>;

const CssValue = text().max(500).nullable().optional();
const BorderTheme = z
  .strictObject({ color: CssValue, radius: CssValue, style: CssValue, width: CssValue })
  .nullable()
  .optional();
const TitleTheme = z
  .strictObject({ color: CssValue, fontFamily: CssValue, fontSize: CssValue, fontWeight: CssValue })
  .nullable()
  .optional();

export const DashboardThemeInput = z
  .strictObject({
    backgroundColor: CssValue,
    fontFamily: CssValue,
    primaryColor: CssValue,
    themeId: CssValue,
    dashboard: z.strictObject({ backgroundColor: CssValue, padding: CssValue }).nullable().optional(),
    controls: z
      .strictObject({ backgroundColor: CssValue, padding: CssValue, border: BorderTheme, title: TitleTheme })
      .nullable()
      .optional(),
    widgets: z
      .strictObject({
        backgroundColor: CssValue,
        margin: CssValue,
        padding: CssValue,
        border: BorderTheme,
        text: z
          .strictObject({
            codeFontFamily: CssValue,
            color: CssValue,
            fontFamily: CssValue,
            secondaryColor: CssValue,
          })
          .nullable()
          .optional(),
        title: TitleTheme,
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'DashboardThemeInput' });

export const DashboardAppSource = z
  .strictObject({
    entry: text().min(1).max(maximumAppEntryLength).nullable().optional().meta({
      description: 'The file of `files` the app starts from (e.g. `index.html`).',
    }),
    files: z
      .record(text().min(1).max(maximumAppEntryLength), text().max(maximumAppSourceCharacters))
      .refine((files) => Object.keys(files).length <= maximumAppFiles, `at most ${maximumAppFiles} files`)
      .nullable()
      .optional()
      .meta({ description: "The app's files by path, as text." }),
    html: text().max(maximumAppSourceCharacters).nullable().optional().meta({
      description: 'A single-page app as one HTML document (used when `files` has no `entry`).',
    }),
    manifest: z
      .strictObject({
        dependencies: z.record(text().min(1).max(214), text().max(200)).nullable().optional(),
        version: z.int().min(0).max(1_000_000).nullable().optional(),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'DashboardAppSource' });

export const DashboardConfigInput = z
  .strictObject({
    kind: DashboardKind.nullable().optional().meta({ description: 'Default `CLASSIC`.' }),
    title: text().max(500).nullable().optional(),
    description: text().max(10_000).nullable().optional(),
    app: DashboardAppSource.nullable().optional(),
    layout: DashboardLayout.nullable().optional(),
    settings: jsonObject().nullable().optional(),
    theme: DashboardThemeInput.nullable().optional(),
    widgets: z
      .array(DashboardWidget)
      .max(maximumDashboardWidgets)
      .nullable()
      .optional()
      .superRefine((widgets, context) => {
        const seen = new Set<string>();
        for (const [index, widget] of (widgets ?? []).entries()) {
          if (seen.has(widget.id))
            context.addIssue({
              code: 'custom',
              message: `widget id "${widget.id}" is used twice`,
              path: [index, 'id'],
            });
          seen.add(widget.id);
        }
      })
      .meta({ description: 'Optional since client release 0.2.1. Widget ids are unique within a config.' }),
  })
  .meta({ id: 'DashboardConfigInput' });

export type DashboardConfigInput = z.infer<typeof DashboardConfigInput>;

export const DashboardConfig = z
  .object({
    kind: DashboardKind,
    title: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    app: z.record(z.string(), z.unknown()).nullable().optional(),
    layout: z.record(z.string(), z.unknown()).nullable().optional(),
    settings: z.record(z.string(), z.unknown()).nullable().optional(),
    theme: z.record(z.string(), z.unknown()).nullable().optional(),
    widgets: z.array(z.record(z.string(), z.unknown())),
  })
  .meta({ id: 'DashboardConfig' });

export type DashboardConfig = z.infer<typeof DashboardConfig>;

export const PublishDashboardInput = z
  .strictObject({
    workbookId: EntityId.optional().meta({
      description:
        'The workbook of the path (SPEC.md marks it required; the path names it, so it may be left out); another id is a 400.',
    }),
    allowEmbed: z
      .boolean()
      .nullable()
      .optional()
      .meta({ description: 'Default false on the first publish; kept after.' }),
    config: DashboardConfigInput.nullable().optional().meta({
      description: "Without it the workbook's saved draft (`meta.dashboardDraft`) is published.",
    }),
    dashboardId: EntityId.nullable().optional().meta({
      description: "When sent, must be the workbook's dashboard.",
    }),
    description: text().max(10_000).nullable().optional(),
    title: text().max(500).nullable().optional(),
  })
  .meta({ id: 'PublishDashboardInput' });

export type PublishDashboardInput = z.infer<typeof PublishDashboardInput>;

export const ReportSnapshot = z
  .object({
    id: EntityId,
    reportId: EntityId,
    versionNumber: z.int().meta({ description: "The report's version when the dashboard was published." }),
    name: z.string().nullable().optional(),
    title: z.string().nullable().optional(),
    description: z.string().nullable().optional(),
    sqlQuery: z.string().nullable().optional(),
    jsonQuery: z.record(z.string(), z.unknown()).nullable().optional().meta({
      description:
        "The report's data-API query, frozen with the rest (not in SPEC.md's list; a snapshot must be able to run).",
    }),
    kind: ReportKind.nullable().optional(),
    isSourceReport: z.boolean().nullable().optional().meta({
      description: 'True when the report belongs to the published workbook.',
    }),
    meta: z.record(z.string(), z.unknown()).nullable().optional(),
    spec: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .nullable()
      .optional(),
    fillMissingRows: FillMissingRows.nullable().optional(),
    periodComparisons: z.array(PeriodComparison).nullable().optional(),
    preferences: ReportPreferences.nullable().optional(),
  })
  .meta({ id: 'ReportSnapshot' });

export type ReportSnapshot = z.infer<typeof ReportSnapshot>;

export const Dashboard = z
  .object({
    id: EntityId,
    publicId: z.string(),
    deploymentId: EntityId,
    workbookId: EntityId,
    status: DashboardStatus,
    allowEmbed: z.boolean(),
    config: DashboardConfig,
    versionNumber: z.int(),
    versionId: EntityId,
    reportSnapshots: z.array(ReportSnapshot),
    createdBy: EntityId.nullable().optional(),
    description: z.string().nullable().optional(),
    title: z.string().nullable().optional(),
    fromSharedWorkspace: z.boolean().nullable().optional(),
    restrictDataDownload: z.boolean().nullable().optional(),
    useBoardDashboards: z.boolean().nullable().optional(),
    checksum: z.string().optional().meta({
      description: "The published config's checksum (what `ai-widget-thread` compares `checksum` with).",
    }),
    publishedAt: Timestamp.optional(),
    updatedAt: Timestamp.optional(),
  })
  .meta({ id: 'Dashboard' });

export type Dashboard = z.infer<typeof Dashboard>;

export const DashboardVersion = z
  .object({
    versionId: EntityId,
    versionNumber: z.int(),
    createdBy: EntityId.nullable(),
    title: z.string().nullable(),
    checksum: z.string(),
    widgetCount: z.int(),
    createdAt: Timestamp,
  })
  .meta({ id: 'DashboardVersion' });

export const DashboardsListResponse = listOf(Dashboard, 'DashboardsListResponse');
export const DashboardVersionsListResponse = listOf(DashboardVersion, 'DashboardVersionsListResponse');

export const DashboardIdParams = z.object({ deploymentId: IdParam, dashboardId: IdParam });
export const DashboardWidgetParams = DashboardIdParams.extend({
  widgetId: text().min(1).max(maximumWidgetIdLength),
});

/** A dashboard's public id: 12 characters of `[0-9A-Za-z]`, unique in the account. */
export const DashboardPublicId = z
  .string()
  .regex(/^[0-9A-Za-z]{12}$/, 'must be 12 characters of 0-9, A-Z and a-z')
  .meta({ description: '12 characters of `[0-9A-Za-z]`, unique in the account.' });

export const DashboardPublicIdParams = z.object({ publicId: DashboardPublicId });

export const ListDashboardsQuery = PagingQuery.extend({
  status: DashboardStatus.optional(),
});

export const GetDashboardQuery = z.object({
  versionNumber: z.coerce.number().pipe(z.int().min(1).max(2_147_483_647)).optional().meta({
    description: 'An earlier published version; default the latest.',
  }),
});

export const UpdateDashboardInput = z
  .strictObject({
    status: DashboardStatus.optional().meta({
      description: '`published` ↔ `archived`; `draft` only before the first publish.',
    }),
    allowEmbed: z.boolean().optional(),
    restrictDataDownload: z.boolean().optional(),
    title: text().max(500).nullable().optional(),
    description: text().max(10_000).nullable().optional(),
  })
  .meta({ id: 'UpdateDashboardInput' });

export const UpdatePublishedAiWidgetThreadInput = z
  .strictObject({
    widgetId: text().min(1).max(maximumWidgetIdLength),
    threadId: text().min(1).max(255),
    checksum: text().max(200).nullable().optional().meta({
      description: "The published config's checksum as the client last read it; a different one is a 409.",
    }),
  })
  .meta({ id: 'UpdatePublishedAiWidgetThreadInput' });

export const dashboardWidgetRunFormats = ['json', 'csv'] as const;

export const RunDashboardWidgetQuery = z.object({
  format: z.enum(dashboardWidgetRunFormats).optional().meta({
    description:
      '`csv`: the rows as a CSV file (refused with 403 on a dashboard with `restrictDataDownload` unless the caller has `DownloadData`). Default `json`.',
  }),
});

export const RunDashboardWidgetInput = RunReportInput.meta({ id: 'RunDashboardWidgetInput' });

export const RunDashboardPythonInput = z
  .strictObject({
    reportId: EntityId.optional().meta({
      description: 'The `html` report of the dashboard whose Python runs; default the only one.',
    }),
    code: text().max(200_000).nullable().optional().meta({ description: "Default: the report's own code." }),
    filters: z.array(QueryFilter).max(200).optional(),
  })
  .meta({ id: 'RunDashboardPythonInput' });

export const DashboardPythonResult = z
  .object({
    stdout: z.string(),
    stderr: z.string(),
    html: z.string().nullable().optional(),
    data: z.unknown().optional(),
  })
  .meta({ id: 'DashboardPythonResult' });
