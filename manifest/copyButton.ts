/**
 * The code-block copy button, as both sides need it: the pipeline writes it into
 * every `.code-block` (`manifest/markdown.ts`), the shell's article click handler
 * (`src/markdown/copyCode.ts`) gives it its behaviour. Kept apart from the
 * pipeline so the shell's entry can read it without the markdown plugins. Its
 * texts are the catalogue's English; the shell puts the locale's in place.
 */
import { TEXTS } from './texts';

export const COPY_BUTTON = {
  /** Class of the button (`src/styles.css` places it). */
  className: 'code-block__copy',
  /** Text and accessible name before a copy. */
  idle: { text: TEXTS['theme.CodeBlock.copy'], label: TEXTS['theme.CodeBlock.copyButtonAriaLabel'] },
  /** Text and accessible name right after a copy. */
  copied: { text: TEXTS['theme.CodeBlock.copied'], label: TEXTS['theme.CodeBlock.copied'] },
  /** How long "Copied" shows, ms. */
  feedbackMs: 1500,
} as const;
