import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithReload } from './lazyWithReload';

const MermaidDiagram = lazyWithReload(() => import('./MermaidDiagram'));

/**
 * A Mermaid block: its source until the block nears the viewport, then the
 * diagram. Mermaid is large, so a diagram below the fold costs nothing until
 * the reader scrolls to it.
 */
export function DiagramWhenVisible({ source }: { source: string }) {
  const ref = useRef<HTMLPreElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return undefined;
    if (!('IntersectionObserver' in window)) {
      setVisible(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);
  const fallback = (
    <pre ref={ref} className="mermaid-source" tabIndex={0}>
      {source}
    </pre>
  );
  if (!visible) return fallback;
  return (
    <Suspense fallback={fallback}>
      <MermaidDiagram source={source} />
    </Suspense>
  );
}
