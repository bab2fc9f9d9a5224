import Markdown from 'react-markdown';

/** Markdown as React elements; `skipHtml` drops raw HTML instead of rendering it. */
export function MarkdownText({ markdown }: { markdown: string }) {
  return <Markdown skipHtml>{markdown}</Markdown>;
}
