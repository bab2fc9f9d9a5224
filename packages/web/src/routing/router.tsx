import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

/** The pages route on the client: history.pushState plus this event tells every useLocation() reader. */
const navigationEvent = 'platform:navigate';

export interface PageLocation {
  pathname: string;
  search: string;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(navigationEvent, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(navigationEvent, onChange);
  };
}

/** A string snapshot keeps useSyncExternalStore's identity check cheap and stable. */
function snapshot(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The current path and query, re-rendering on every navigation. */
export function useLocation(): PageLocation {
  const current = useSyncExternalStore(subscribe, snapshot);
  const queryStart = current.indexOf('?');
  return queryStart === -1
    ? { pathname: current, search: '' }
    : { pathname: current.slice(0, queryStart), search: current.slice(queryStart) };
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  window.dispatchEvent(new Event(navigationEvent));
}

/** A real link (keyboard, middle-click, copy address) that navigates in place on a plain click. */
export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const isPlainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !isPlainClick) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
