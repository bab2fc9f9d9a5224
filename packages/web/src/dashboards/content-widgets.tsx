import { lazy, Suspense } from 'react';
import { Loading } from '../components/status.js';
import { configOf, type Widget } from './dashboard-model.js';

// The Markdown renderer is loaded only by a dashboard with TEXT widgets.
const MarkdownText = lazy(() =>
  import('./markdown-text.js').then((module) => ({ default: module.MarkdownText })),
);

/** A TEXT widget: its Markdown rendered as elements (raw HTML in it is dropped, never injected). */
export function TextWidget({ widget }: { widget: Widget }) {
  const markdown = configOf(widget).markdown;
  return (
    <div className="markdown">
      <Suspense fallback={<Loading label="Loading the text" />}>
        <MarkdownText markdown={typeof markdown === 'string' ? markdown : ''} />
      </Suspense>
    </div>
  );
}
