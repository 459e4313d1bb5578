import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useColorMode } from '../hooks/useColorMode';
import { drawnDiagram } from './drawnDiagrams';
import { lazyWithReload } from './lazyWithReload';

const MermaidDiagram = lazyWithReload(() => import('./MermaidDiagram'));

/** Mermaid's code did not load (offline, say): the source stays, and the page does not crash. */
class DiagramBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.warn('[docs] a diagram could not load:', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A Mermaid block: its source until the block nears the viewport, then the
 * diagram. Mermaid is large, so a diagram below the fold costs nothing until
 * the reader scrolls to it. One this tab has drawn already shows at once.
 */
export function DiagramWhenVisible({ source }: { source: string }) {
  const ref = useRef<HTMLPreElement>(null);
  const { mode } = useColorMode();
  const [visible, setVisible] = useState(() => drawnDiagram(mode, source) !== undefined);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return undefined;
    if (!('IntersectionObserver' in window)) {
      setVisible(true);
      return undefined;
    }
    const show = () => {
      // A load that failed earlier (another diagram, another page) is tried again.
      MermaidDiagram.retry();
      setVisible(true);
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '400px 0px' });
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
    <DiagramBoundary fallback={fallback}>
      <Suspense fallback={fallback}>
        <MermaidDiagram source={source} />
      </Suspense>
    </DiagramBoundary>
  );
}
