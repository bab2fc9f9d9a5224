import './dashboard.css';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { connectAppBridge } from './app-bridge.js';
import { type AppSource, appDocumentOf } from './app-document.js';
import type { Dashboard } from './dashboard-model.js';

/** The page's CSP nonce, which the server puts in a meta tag of every page it serves. */
function pageNonce(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="platform-frame-nonce"]')?.content || null;
}

/**
 * An APP dashboard: the app's files in an iframe sandboxed to scripts only (an opaque origin: no access
 * to this page, its storage or its cookies); it runs queries as the viewer through postMessage.
 */
export function AppDashboard({ dashboard }: { dashboard: Dashboard }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [hasNavigatedAway, setNavigatedAway] = useState(false);
  const nonce = useMemo(pageNonce, []);
  const document = useMemo(
    () => (nonce ? appDocumentOf((dashboard.config.app ?? {}) as AppSource, nonce) : null),
    [dashboard, nonce],
  );
  // A layout effect: the bridge listens before the frame's document can post its first message.
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    return connectAppBridge(element, dashboard.deploymentId, () => setNavigatedAway(true));
  }, [dashboard.deploymentId]);
  if (!nonce) {
    return (
      <p className="error" role="alert">
        This page was served without the frame nonce an app needs; reload it.
      </p>
    );
  }
  if (!document) return <p className="muted">This app dashboard has no HTML to show.</p>;
  return (
    <div className="app-dashboard">
      {hasNavigatedAway ? (
        <p className="error" role="alert">
          The app left its page; it can no longer run queries. Reload to start it again.
        </p>
      ) : null}
      <iframe
        ref={frame}
        title={dashboard.title ?? dashboard.config.title ?? 'Dashboard app'}
        sandbox="allow-scripts"
        srcDoc={document}
        className="app-frame"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
