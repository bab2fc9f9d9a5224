/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it): no browser download. */
export const chromiumPath = '/usr/bin/chromium';

/**
 * How the browser tests and the page benchmark start it: as the server's own renderer does (headless as
 * root, without the background connections this machine's closed network refuses).
 */
export { chromiumArguments } from '../../src/modules/notifications/dashboard-browser.js';
