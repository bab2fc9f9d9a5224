import '../embed/embed.css';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { type ApiError, setEmbedToken } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { ErrorMessage, Loading } from '../components/status.js';
import type { DisplayFormat } from '../dashboards/column-format.js';
import { DisplayFormatContext } from '../dashboards/display-format.js';
import {
  type EmbedCredential,
  type EmbedDisplaySettings,
  embedDisplaySettingsOf,
  readEmbedCredential,
} from '../embed/embed-token.js';
import { isDashboardSettled, renderControlValuesOf } from '../embed/render-options.js';

const loadClassicDashboard = () => import('../dashboards/classic-dashboard.js');
const ClassicDashboard = lazy(() =>
  loadClassicDashboard().then((module) => ({ default: module.ClassicDashboard })),
);
const EmbedChat = lazy(() =>
  import('../embed/embed-chat.js').then((module) => ({ default: module.EmbedChat })),
);

/** What the page shows; `data-embed-state` on its <main> (what tests and host pages can read). */
type EmbedState = 'no-token' | 'invalid-token' | 'no-access' | 'disabled' | 'not-found' | 'error';

let openedCredential: { credential: EmbedCredential | null } | null = null;

/**
 * Reads the credential once per page load, when the page opens: a `?token=` leaves the address bar at
 * once (it would otherwise stay in the history and in what a user copies), and from then on the API
 * client sends no cookie.
 */
function openEmbedCredential(): EmbedCredential | null {
  if (openedCredential) return openedCredential.credential;
  const { credential, cleanedAddress } = readEmbedCredential(window.location);
  if (cleanedAddress !== null) window.history.replaceState(null, '', cleanedAddress);
  setEmbedToken(credential?.kind === 'token' ? credential.token : null);
  openedCredential = { credential };
  return credential;
}

/**
 * The Chat API's address for the dashboard's account, which the server writes into the embed page
 * (`<meta name="platform-embed-chat-url">`: `{chat url}/api/v1/public/{accountName}`); null without it.
 */
function embedChatBaseUrl(): string | null {
  const content = document.querySelector('meta[name="platform-embed-chat-url"]')?.getAttribute('content');
  return content ? content.replace(/\/+$/, '') : null;
}

const isEmbeddingDisabled = (error: ApiError) =>
  error.code === 'EMBEDDING_DISABLED' || /embedding is disabled|not allow embedding/i.test(error.message);

function stateOf(error: ApiError): EmbedState {
  if (error.status === 401) return 'invalid-token';
  if (error.status === 403) return isEmbeddingDisabled(error) ? 'disabled' : 'no-access';
  if (error.status === 404) return 'not-found';
  return 'error';
}

const headings: Record<EmbedState, string> = {
  'no-token': 'This dashboard needs a sign-in link',
  'invalid-token': 'This link has expired or is not valid',
  'no-access': 'You do not have access to this dashboard',
  disabled: 'Embedding is disabled for this dashboard',
  'not-found': 'Dashboard not found',
  error: 'The dashboard could not be loaded',
};

const explanations: Record<EmbedState, string> = {
  'no-token': 'The page was opened without an embed token. Open it from the application that embeds it.',
  'invalid-token': 'Reload the application that embeds this dashboard to get a new link.',
  'no-access': 'Ask the administrator of the application to give your team access.',
  disabled: 'The owner of this dashboard does not allow it to be shown in other applications.',
  'not-found': 'No published dashboard has this address.',
  error: 'Try again in a moment.',
};

function EmbedMessage({
  state,
  error,
  isRender = false,
}: {
  state: EmbedState;
  error?: ApiError;
  isRender?: boolean;
}) {
  useEffect(() => {
    document.title = headings[state];
  }, [state]);
  return (
    <main
      className="embed-page embed-message"
      data-embed-state={state}
      data-render-state={isRender ? 'failed' : undefined}
      data-render-error={isRender ? (error?.message ?? headings[state]) : undefined}
    >
      <h1>{headings[state]}</h1>
      <p>{explanations[state]}</p>
      {error ? <ErrorMessage error={error} title="The server said" /> : null}
    </main>
  );
}

/**
 * `data-render-state` of the render page's root: `loading` until every widget has run (or failed) and
 * every chart is drawn, then `ready` (what the server's headless browser waits for before it prints).
 */
function useRenderState(isRender: boolean): 'loading' | 'ready' | undefined {
  const [isSettled, setSettled] = useState(false);
  const settledChecks = useRef(0);
  useEffect(() => {
    if (!isRender || isSettled) return;
    const timer = window.setInterval(() => {
      // Settled twice in a row (50 ms apart): a run that finishes starts its chart in the same commit.
      settledChecks.current = isDashboardSettled(document) ? settledChecks.current + 1 : 0;
      if (settledChecks.current >= 2) setSettled(true);
    }, 50);
    return () => window.clearInterval(timer);
  }, [isRender, isSettled]);
  if (!isRender) return undefined;
  return isSettled ? 'ready' : 'loading';
}

function EmbedLayout({
  title,
  chat,
  settings,
  isRender,
  children,
}: {
  title: string;
  chat: ReactNode;
  settings: EmbedDisplaySettings;
  isRender: boolean;
  children: ReactNode;
}) {
  const display = useMemo<DisplayFormat>(
    () => ({ locale: settings.locale, timeZone: settings.timeZone }),
    [settings],
  );
  const renderState = useRenderState(isRender);
  return (
    <DisplayFormatContext.Provider value={display}>
      <div
        className={chat ? 'embed-page embed-with-chat' : 'embed-page'}
        data-embed-state="ready"
        data-render-state={renderState}
      >
        <main className="embed-dashboard">
          <h1>{title}</h1>
          {children}
        </main>
        {chat}
      </div>
    </DisplayFormatContext.Provider>
  );
}

/**
 * `/embed/dashboard/{publicId}`: a published dashboard inside another site's iframe, for the user of an
 * embed session. No header, no sign-in, no cookie: the embed token from the address carries every
 * request; the session's locale and time zone write the numbers and dates; with `showDashboardChat` a
 * chat panel beside the dashboard asks the Chat API as that user.
 *
 * `/render/dashboard/{publicId}` (`isRender`): the same view for a notification's render token, with the
 * notification's filters and time grains from the fragment (`#render=`), no chat panel and no download
 * buttons, and `data-render-state` saying when everything has loaded.
 */
export function EmbedDashboardPage({ publicId, isRender = false }: { publicId: string; isRender?: boolean }) {
  const [credential] = useState(openEmbedCredential);
  const [renderValues] = useState(() => (isRender ? renderControlValuesOf(window.location.hash) : {}));
  const opened = useApi(async (signal) => {
    if (!credential) return null;
    let token = credential.token;
    if (credential.kind === 'platformToken') {
      token = (await platformApi.exchangeEmbedPlatformToken(credential.token, publicId, signal)).token;
      setEmbedToken(token);
    }
    // Most dashboards are CLASSIC: the grid's chunk loads while the dashboard is requested.
    loadClassicDashboard().catch(() => {
      // Rendering it reports the failure.
    });
    const dashboard = await platformApi.getEmbedDashboard(publicId, signal);
    return { token, dashboard, settings: embedDisplaySettingsOf(token) };
  }, publicId);
  const locale = opened.state === 'ready' ? opened.value?.settings.locale : undefined;
  useEffect(() => {
    if (locale) document.documentElement.lang = locale;
  }, [locale]);
  const title =
    opened.state === 'ready' && opened.value
      ? (opened.value.dashboard.title ?? opened.value.dashboard.config.title ?? 'Dashboard')
      : 'Dashboard';
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!credential) return <EmbedMessage state="no-token" isRender={isRender} />;
  if (opened.state === 'loading') {
    return (
      <main className="embed-page" data-embed-state="loading">
        <Loading label="Loading the dashboard" />
      </main>
    );
  }
  if (opened.state === 'error') {
    const state = stateOf(opened.error);
    return (
      <EmbedMessage
        state={state}
        isRender={isRender}
        {...(state === 'error' || isRender ? { error: opened.error } : {})}
      />
    );
  }
  if (!opened.value) return <EmbedMessage state="no-token" isRender={isRender} />;
  const { token, dashboard, settings } = opened.value;
  const chatBaseUrl = settings.showDashboardChat && !isRender ? embedChatBaseUrl() : null;
  const chat = chatBaseUrl ? (
    <Suspense fallback={<Loading label="Loading the chat" />}>
      <EmbedChat chatBaseUrl={chatBaseUrl} deploymentId={dashboard.deploymentId} token={token} />
    </Suspense>
  ) : null;
  return (
    <EmbedLayout title={title} chat={chat} settings={settings} isRender={isRender}>
      <Suspense fallback={<Loading label="Loading the dashboard's widgets" />}>
        {dashboard.config.kind === 'APP' ? (
          <p className="muted" data-embed-app="unsupported">
            This dashboard is an app, which cannot be shown embedded yet.
          </p>
        ) : (
          <ClassicDashboard
            dashboard={dashboard}
            canDownload={!dashboard.restrictDataDownload && !isRender}
            isEmbedded
            initialValues={renderValues}
          />
        )}
      </Suspense>
    </EmbedLayout>
  );
}
