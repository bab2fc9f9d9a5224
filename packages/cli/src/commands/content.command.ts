import type { Command } from 'commander';
import { readContentDirectory, writeContentDirectory } from '../content/content-directory.js';
import { type ContentPlan, planContentPush, stepsOf, summaryOf } from '../content/content-plan.js';
import { ContentPush } from '../content/content-push.js';
import { fetchServerContent, snapshotOf } from '../content/content-snapshot.js';
import { CliError } from '../program/cli-errors.js';
import type { CommandContext, CommonOptions } from '../program/command-context.js';
import { addVerb } from '../program/common-options.js';
import { addDeploymentOption } from '../program/deployment-options.js';
import { formatPushReport, type PushReport, stepView } from './content-views.js';

interface ContentOptions extends CommonOptions {
  deployment: number;
}

interface PushOptions extends ContentOptions {
  dryRun?: boolean;
}

function pushReportOf(plan: ContentPlan, dryRun: boolean): PushReport {
  return {
    dryRun,
    summary: summaryOf(plan),
    steps: stepsOf(plan)
      .filter((step) => step.action !== 'unchanged')
      .map(stepView),
    done: null,
    failed: null,
  };
}

export function registerContentCommands(program: Command, context: CommandContext): void {
  const content = program
    .command('content')
    .description(
      "a deployment's folders, workbooks and reports as YAML files in a directory (content as code)",
    );

  addDeploymentOption(
    addVerb(content, 'pull <directory>', 'write every folder, workbook and report to the directory'),
  ).action(async (directory: string, options: ContentOptions) => {
    const client = await context.client(options);
    const snapshot = snapshotOf(await fetchServerContent(client, options.deployment));
    await writeContentDirectory(directory, snapshot.documents);
    const counts = {
      directory,
      folders: snapshot.folders.size,
      workbooks: snapshot.documents.workbooks.length,
      reports: snapshot.documents.reports.length,
    };
    context.render(
      options,
      counts,
      (value) =>
        `${value.folders} folders, ${value.workbooks} workbooks, ${value.reports} reports written to ${value.directory}`,
    );
  });

  addDeploymentOption(
    addVerb(
      content,
      'push <directory>',
      'create and update folders, workbooks and reports from the directory (never deletes)',
    ),
  )
    .option('--dry-run', 'print the plan without writing anything')
    .action(async (directory: string, options: PushOptions) => {
      // Every file is read and checked before the server is asked anything, so a broken file writes nothing.
      const wanted = await readContentDirectory(directory);
      const client = await context.client(options);
      const snapshot = snapshotOf(await fetchServerContent(client, options.deployment));
      const plan = planContentPush(wanted, snapshot);
      const report = pushReportOf(plan, Boolean(options.dryRun));
      if (options.dryRun) {
        context.render(options, report, formatPushReport);
        return;
      }
      const result = await new ContentPush(client, options.deployment, snapshot).run(plan);
      report.done = result.done.map(stepView);
      if (result.failure) {
        report.failed = { ...stepView(result.failure.step), error: result.failure.message };
      }
      context.render(options, report, formatPushReport);
      if (result.failure) {
        const count = result.done.length;
        const written = count === 1 ? '1 change was' : `${count} changes were`;
        throw new CliError(
          `push stopped at ${report.failed?.label}: ${result.failure.message} (${written} written before it)`,
        );
      }
    });
}
