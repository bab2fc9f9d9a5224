import type { Command } from 'commander';
import type { CommandContext } from '../program/command-context.js';
import { registerDataModelBranchCommands } from './data-model-branches.command.js';
import { registerDataModelFileCommands } from './data-model-files.command.js';

export function registerDataModelCommands(program: Command, context: CommandContext): void {
  const dataModel = program
    .command('data-model')
    .description(
      "a deployment's data model: files, branches, dev mode, validation (deploy a folder with platform deploy)",
    );
  registerDataModelFileCommands(dataModel, context);
  registerDataModelBranchCommands(dataModel, context);
}
