/**
 * The code-block copy button, as both sides need it: the pipeline writes it into
 * every `.code-block` (`manifest/markdown.ts`), the shell's article click handler
 * (`src/markdown/copyCode.ts`) gives it its behaviour. Kept apart from the
 * pipeline so the shell's entry can read it without the markdown plugins.
 */
export const COPY_BUTTON = {
  /** Class of the button (`src/styles.css` places it). */
  className: 'code-block__copy',
  /** Text and accessible name before a copy. */
  idle: { text: 'Copy', label: 'Copy code to clipboard' },
  /** Text and accessible name right after a copy. */
  copied: { text: 'Copied', label: 'Copied' },
  /** How long "Copied" shows, ms. */
  feedbackMs: 1500,
} as const;
