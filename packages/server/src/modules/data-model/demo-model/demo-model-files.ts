import type { DemoModelFile } from './demo-model-file.js';
import { demoOrderCubeFiles } from './demo-order-cubes.js';
import { demoPaymentsCubeFile } from './demo-payments-cube.js';
import { demoReferenceCubeFiles } from './demo-reference-cubes.js';
import { demoViewFiles } from './demo-views.js';

/**
 * The demo deployment's data model over the generated e-commerce sample data (see docs/demo-model.md):
 * six joined cubes, three views, titles, descriptions and synonyms for the AI analyst.
 */
export const demoModelFiles: readonly DemoModelFile[] = [
  ...demoReferenceCubeFiles,
  ...demoOrderCubeFiles,
  demoPaymentsCubeFile,
  ...demoViewFiles,
];
