import { useEffect, useId, useState } from 'react';
import mermaid from 'mermaid';
import { useColorMode } from '../hooks/useColorMode';
import { useTranslate } from '../hooks/useTranslate';
import { drawnDiagram, rememberDiagram } from './drawnDiagrams';

/** Draws a Mermaid diagram (this module and Mermaid load only on pages that have one). */
export default function MermaidDiagram({ source }: { source: string }) {
  const { mode } = useColorMode();
  const t = useTranslate();
  const id = `mermaid-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  // A diagram drawn before (the same article swapped in again) shows at once.
  const [svg, setSvg] = useState<string | null>(() => drawnDiagram(mode, source) ?? null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const known = drawnDiagram(mode, source);
    if (known) {
      setSvg(known);
      return undefined;
    }
    let live = true;
    // Labels as SVG text: HTML labels are put into the live page to be measured, markup and handlers included, before
    // any sanitising, so an `<img onerror>` in a label is fetched and its handler tried.
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
      theme: mode === 'dark' ? 'dark' : 'default',
    });
    mermaid
      .render(id, source)
      .then((result) => {
        rememberDiagram(mode, source, result.svg);
        if (live) setSvg(result.svg);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : String(e)));
    return () => {
      live = false;
    };
  }, [id, source, mode]);
  if (error) return <pre className="mermaid-error" role="alert" tabIndex={0}>{`[docs] ${t('shell.diagram.failed', { message: error })}\n\n${source}`}</pre>;
  if (!svg)
    return (
      <pre className="mermaid-source" tabIndex={0}>
        {source}
      </pre>
    );
  // Mermaid sanitises its SVG output at securityLevel 'strict'.
  return <div className="mermaid-svg" role="img" aria-label={t('shell.diagram.ariaLabel')} dangerouslySetInnerHTML={{ __html: svg }} />;
}
