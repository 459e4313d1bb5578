import { useRef, useState, type ReactNode } from 'react';

/** A code block (markup from the shared pipeline) plus a copy button. */
export function CodeBlock({ language, children }: { language: string | undefined; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const text = ref.current?.querySelector('pre')?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text.replace(/\n$/, ''));
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="code-block" data-language={language} ref={ref}>
      {children}
      <button type="button" className="code-block__copy" onClick={() => void copy()} aria-label={copied ? 'Copied' : 'Copy code to clipboard'}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
