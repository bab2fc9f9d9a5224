/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it): no browser download. */
export const chromiumPath = '/usr/bin/chromium';

/**
 * How the browser tests and the page benchmark start it: headless as root, and without the background
 * connections this machine's closed network refuses.
 */
export const chromiumArguments = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
