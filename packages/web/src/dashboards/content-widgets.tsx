import Markdown from 'react-markdown';
import { configOf, type Widget } from './dashboard-model.js';

/** A TEXT widget: its Markdown rendered as elements (raw HTML in it is dropped, never injected). */
export function TextWidget({ widget }: { widget: Widget }) {
  const markdown = configOf(widget).markdown;
  return (
    <div className="markdown">
      <Markdown skipHtml>{typeof markdown === 'string' ? markdown : ''}</Markdown>
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
