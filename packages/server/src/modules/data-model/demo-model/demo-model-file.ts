/** One file of the demo model, as the deployment's repository will hold it. */
export interface DemoModelFile {
  path: string;
  text: string;
}
