import { escapeHtml } from '../../http/escape-html.js';

/** The unsubscribe pages: plain HTML, no script (the page's policy allows none), one form at most. */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">${body}</body></html>`;

/** Opening the link asks first: mail scanners open links, and only the button unsubscribes. */
export function unsubscribeQuestionPage(notificationName: string, token: string): string {
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe?</h1><p>You will no longer receive "${escapeHtml(notificationName)}".</p><form method="post" action="?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function unsubscribedPage(notificationName: string | null): string {
  const what = notificationName === null ? 'this notification' : `"${escapeHtml(notificationName)}"`;
  return page('Unsubscribed', `<h1>Unsubscribed</h1><p>You will no longer receive ${what}.</p>`);
}
