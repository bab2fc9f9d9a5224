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

/**
 * An AI widget: the chat thread it shows lives on the Chat API's own listener, which this page cannot
 * reach (its CSP connects to this origin only), so the page names the thread.
 */
export function AiWidget({ widget }: { widget: Widget }) {
  const threadId = configOf(widget).threadId;
  return (
    <div className="ai-widget">
      {typeof threadId === 'string' ? (
        <p>
          Chat thread <code>{threadId}</code>. The conversation is served by the Chat API; open it there to
          read it and ask follow-ups.
        </p>
      ) : (
        <p className="muted">No chat thread is attached to this widget yet.</p>
      )}
    </div>
  );
}
