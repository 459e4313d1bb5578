/**
 * The behaviour of the code blocks' copy buttons. The button itself is article
 * markup (`manifest/markdown.ts` writes it), the same in the build's HTML and in
 * the shell's own rendering of the markdown; one click handler on the article
 * serves every button, whichever way the article was rendered.
 */
import { useLayoutEffect, useMemo, type DependencyList, type RefObject } from 'react';
import { COPY_BUTTON } from '../../manifest';
import { useTranslate } from '../hooks/useTranslate';

interface ButtonState {
  text: string;
  label: string;
}

/** The button's texts before and right after a copy, in the locale on screen. */
interface CopyTexts {
  idle: ButtonState;
  copied: ButtonState;
}

/** Timers that put "Copy" back, one per button, so a second copy restarts the feedback. */
const resets = new WeakMap<HTMLButtonElement, ReturnType<typeof setTimeout>>();

function show(button: HTMLButtonElement, state: ButtonState): void {
  button.textContent = state.text;
  button.setAttribute('aria-label', state.label);
}

/**
 * Handles a click inside an article: when it is on a code block's copy button,
 * copies the block's code (without its last newline), shows "Copied" for a
 * moment and returns true; any other click returns false.
 */
function copyCodeOnClick(target: EventTarget | null, texts: CopyTexts = COPY_BUTTON): boolean {
  const button = target instanceof Element ? target.closest<HTMLButtonElement>(`button.${COPY_BUTTON.className}`) : null;
  const block = button?.closest('.code-block');
  if (!button || !block) return false;
  const code = (block.querySelector('pre')?.textContent ?? '').replace(/\n$/, '');
  // `navigator.clipboard` is missing outside secure contexts: that is a failed copy too, not a crash.
  Promise.resolve()
    .then(() => navigator.clipboard.writeText(code))
    .then(
      () => {
        show(button, texts.copied);
        clearTimeout(resets.get(button));
        resets.set(
          button,
          setTimeout(() => show(button, texts.idle), COPY_BUTTON.feedbackMs),
        );
      },
      () => show(button, texts.idle),
    );
  return true;
}

/**
 * The copy buttons of the article in `ref` in the locale on screen: the markup (the build's, shared by every locale)
 * has the English texts, which the buttons take from the locale's `code.json` (Docusaurus's `theme.CodeBlock.*`
 * ids) once the article is on screen, before the browser paints; `deps` are what changes the article's markup.
 * Returns the article's click handler for them.
 */
export function useCopyButtons(ref: RefObject<HTMLElement | null>, deps: DependencyList): (target: EventTarget | null) => boolean {
  const t = useTranslate();
  const texts = useMemo<CopyTexts>(
    () => ({
      idle: { text: t('theme.CodeBlock.copy'), label: t('theme.CodeBlock.copyButtonAriaLabel') },
      copied: { text: t('theme.CodeBlock.copied'), label: t('theme.CodeBlock.copied') },
    }),
    [t],
  );
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || (texts.idle.text === COPY_BUTTON.idle.text && texts.idle.label === COPY_BUTTON.idle.label)) return;
    for (const button of root.querySelectorAll<HTMLButtonElement>(`button.${COPY_BUTTON.className}`)) if (!resets.has(button)) show(button, texts.idle);
  }, [texts, ref, ...deps]);
  return (target) => copyCodeOnClick(target, texts);
}
