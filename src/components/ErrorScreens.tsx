import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LOADING_DELAY_MS, ManifestVersionError } from '../../manifest';
import { reloadForVersion } from '../data/updates';
import { forgetShards } from '../data/manifestQueries';
import { ChunkLoadError, FetchError } from '../data/fetchErrors';
import { retryFailedChunks } from '../markdown/lazyWithReload';
import { SmartLink } from '../markdown/SmartLink';
import { useTranslate } from '../hooks/useTranslate';

/** The messages of an error and its causes, outermost first. */
function errorChain(error: unknown): string[] {
  const out: string[] = [];
  let current: unknown = error;
  while (current && out.length < 5) {
    out.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : null;
  }
  return out;
}

/** The crash screen for render errors: 'Page Error', 'This page crashed.', 'Try again', which clears the error. */
function CrashScreen({ error, reset }: { error: unknown; reset: () => void }) {
  const t = useTranslate();
  return (
    <main id="main" className="container error-screen" role="alert">
      <h1>{t('shell.crash.title')}</h1>
      <p>{t('theme.ErrorPageContent.title')}</p>
      <ul className="error-screen__messages">
        {errorChain(error).map((m, i) => (
          <li key={i}>
            <code>{m}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--primary" onClick={reset}>
        {t('theme.ErrorPageContent.tryAgain')}
      </button>
    </main>
  );
}

/** A failed manifest or blob fetch: explain, and offer 'Retry'. */
function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useTranslate();
  return (
    <main id="main" className="container error-screen" role="alert">
      <h1>{t('shell.loadError.title')}</h1>
      <p>{t('shell.loadError.text')}</p>
      <p className="error-screen__detail">
        <code>{errorChain(error)[0]}</code>
      </p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('shell.common.retry')}
      </button>
    </main>
  );
}

/** Route error boundary: load errors get Retry, render errors the crash screen. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => {
    // A manifest from a newer build this shell cannot read: reload to get the matching shell (once per version).
    if (error instanceof ManifestVersionError) reloadForVersion(error);
  }, [error]);
  // Retry refetches what failed (failed queries, and the manifest in case it was the culprit), then re-renders.
  // After a crash, the manifest's shards are read again too: the data the page could not render may be theirs.
  const retry = async (crashed: boolean) => {
    retryFailedChunks();
    if (crashed) forgetShards(queryClient);
    await queryClient.invalidateQueries({ predicate: (q) => q.state.status === 'error' || q.queryKey[0] === 'manifest' });
    reset();
    await router.invalidate();
  };
  // A network problem (or code a deploy removed) is a load error, never a crash.
  if (error instanceof FetchError || error instanceof ChunkLoadError || error instanceof SyntaxError)
    return <LoadError error={error} onRetry={() => void retry(false)} />;
  return <CrashScreen error={error} reset={() => void retry(true)} />;
}

/** Shown while a route loads, only after the loading delay, so a fast load shows nothing. */
export function PageLoader() {
  const t = useTranslate();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setVisible(true), LOADING_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  if (!visible) return null;
  return (
    <div className="page-loader" role="status" aria-live="polite">
      {t('shell.common.loading')}
    </div>
  );
}

/** The not-found page. */
export function NotFound() {
  const t = useTranslate();
  const title = t('theme.NotFound.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main id="main" className="container not-found">
      <h1>{title}</h1>
      <p>{t('theme.NotFound.p1')}</p>
      <p>
        <SmartLink href="/">{t('shell.notFound.homeLink')}</SmartLink>
      </p>
    </main>
  );
}
