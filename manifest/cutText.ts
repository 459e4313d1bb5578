/**
 * Cuts text to a length in UTF-16 code units, as `String.prototype.slice` counts, without splitting a character
 * written as a surrogate pair (an emoji, a CJK extension letter): half of one is no character, and JSON, HTML and
 * the reader's screen show it as `\ud83d` or `�`. Shared by the build (descriptions, search texts) and the shell
 * (queries).
 */

/** `text` cut to at most `max` code units, one fewer where the cut would fall inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
