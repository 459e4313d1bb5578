/**
 * The behaviour of the code blocks' copy buttons. The button itself is article
 * markup (`manifest/markdown.ts` writes it), the same in the build's HTML and in
 * the shell's own rendering of the markdown; one click handler on the article
 * serves every button, whichever way the article was rendered.
 */
import { COPY_BUTTON } from '../../manifest';

type ButtonState = (typeof COPY_BUTTON)['idle' | 'copied'];

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
export function copyCodeOnClick(target: EventTarget | null): boolean {
  const button = target instanceof Element ? target.closest<HTMLButtonElement>(`button.${COPY_BUTTON.className}`) : null;
  const block = button?.closest('.code-block');
  if (!button || !block) return false;
  const code = (block.querySelector('pre')?.textContent ?? '').replace(/\n$/, '');
  // `navigator.clipboard` is missing outside secure contexts: that is a failed copy too, not a crash.
  Promise.resolve()
    .then(() => navigator.clipboard.writeText(code))
    .then(
      () => {
        show(button, COPY_BUTTON.copied);
        clearTimeout(resets.get(button));
        resets.set(
          button,
          setTimeout(() => show(button, COPY_BUTTON.idle), COPY_BUTTON.feedbackMs),
        );
      },
      () => show(button, COPY_BUTTON.idle),
    );
  return true;
}
