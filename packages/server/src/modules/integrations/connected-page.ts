import { escapeHtml } from '../../http/escape-html.js';

/** The page the user's browser shows once the provider sent it back and the tokens are stored. */
export function connectedPage(integrationName: string): string {
  const name = escapeHtml(integrationName);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>Connected</title></head>',
    `<body><h1>Connected to ${name}</h1><p>Your account at ${name} is connected to the platform. You can close this window.</p></body>`,
    '</html>',
    '',
  ].join('\n');
}
