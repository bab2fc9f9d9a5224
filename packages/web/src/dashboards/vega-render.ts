import embed from 'vega-embed';

/**
 * Draws a Vega-Lite spec as SVG. Loaded with import() by the chart widget, so Vega stays out of the
 * page's first paint. `ast: true` runs Vega expressions with the interpreter: the pages' CSP allows no eval.
 */
export async function drawVegaLite(
  element: HTMLElement,
  spec: Record<string, unknown>,
): Promise<{ finalize(): void }> {
  const result = await embed(element, spec as Parameters<typeof embed>[1], {
    actions: false,
    ast: true,
    renderer: 'svg',
    mode: 'vega-lite',
  });
  return result;
}
