/**
 * What a page may cost to render. The markdown parser takes time by the
 * square, or worse, of some constructs: lists or quotes nested hundreds deep,
 * directives left open inside each other, paragraphs with thousands of `*` or
 * `[`. A file of a few kilobytes then held a build for minutes. `scanMarkdown`
 * refuses such markdown before it is parsed, with its line, in one pass over
 * the text (fenced code is skipped: nothing in it is parsed); `renderWithin`
 * stops a page that takes longer than its budget anyway, naming the file.
 */
import { availableParallelism, loadavg } from 'node:os';
import { createContext, Script } from 'node:vm';

/** Lists, quotes and directives open inside each other at most: real docs nest a handful deep. */
const MAX_NESTING = 32;
/** Emphasis and strikethrough markers (`*`, `_`, `~` runs) in one paragraph at most. */
const MAX_EMPHASIS = 1000;
/** `[` in one paragraph at most (links, images, footnotes, directive labels). */
const MAX_BRACKETS = 1000;
/** Length of one run of `*`, `_` or `~` at most: a longer one nests emphasis in emphasis as deep. */
const MAX_RUN = 100;
/** Items of one list at most: each costs the parser more than a paragraph, 5,000 took seconds. */
const MAX_LIST_ITEMS = 10_000;
/**
 * Cells of one table at most. The parser holds a whole table's tree in memory at once, and its size goes by cells,
 * not by lines or bytes: a table of 3,000 columns and 150 rows (2.5 MB) ran the build out of memory before its time
 * was up. Real docs tables hold a few hundred cells.
 */
const MAX_TABLE_CELLS = 50_000;

/** What the scan found: a construct over its limit, and the line closest to one. */
export interface MarkdownScan {
  /** The first construct over its limit: its line in the body (1-based) and what to do. */
  problem: { line: number; message: string } | null;
  /** The line whose construct came nearest its limit (a quarter of it at least), named when a page runs out of time anyway. */
  hottest: { line: number; what: string } | null;
  /** Lines of the body. */
  lines: number;
}

const SPACE = 32;
const TAB = 9;

/** Whether `body` holds only spaces, tabs and carriage returns from `from` to `to`. */
function isBlank(body: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = body.charCodeAt(k);
    if (c !== SPACE && c !== TAB && c !== 13) return false;
  }
  return true;
}

/** A table's delimiter row (`| --- | :-: |`): the rows after it are parsed one by one. */
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*\r?$/;

/**
 * A link reference definition on one line (`[label]: /url "title"`, no footnote's `[^1]:`). Where no paragraph is
 * open the parser reads it as a definition, not as paragraph text: its brackets cost what a link's do, once.
 */
const DEFINITION = /^\[(?!\^)(?:[^[\]\\]|\\.){1,999}\]:[ \t]*(?:<[^<>\r\n]*>|[^\s<]\S*)(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^()]*\)))?[ \t]*\r?$/;

/** Whether `line` is a thematic break (`- - -`, `***`): three or more of one of `-*_` and spaces only. */
const THEMATIC = /^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * Scans a markdown body for constructs the parser cannot take in reasonable
 * time (`MAX_NESTING`, `MAX_EMPHASIS`, `MAX_BRACKETS`, `MAX_RUN`). Linear in
 * the text; lines of fenced code are only looked at for their fence.
 */
export function scanMarkdown(body: string): MarkdownScan {
  let problem: MarkdownScan['problem'] = null;
  let hottest: MarkdownScan['hottest'] = null;
  let heat = 0.25;
  const note = (line: number, value: number, limit: number, what: string, message: () => string) => {
    if (value / limit > heat) {
      heat = value / limit;
      hottest = { line, what };
    }
    if (value > limit && !problem) problem = { line, message: message() };
  };
  let fence = 0;
  let fenceChar = 0;
  let directives = 0;
  let emphasis = 0;
  let brackets = 0;
  let table = false;
  let tableCells = 0;
  let listItems = 0;
  let afterBlank = false;
  // Whether the line before opened or went on with a paragraph (or a table), which a definition cannot interrupt.
  let paragraphOpen = false;
  let line = 0;
  for (let start = 0; start <= body.length && !problem; line++) {
    let end = body.indexOf('\n', start);
    if (end < 0) end = body.length;
    const lineNo = line + 1;
    // Indentation, then the markers of the containers the line opens or continues (`>`, `-`, `1.`).
    let i = start;
    let columns = 0;
    let markers = 0;
    let items = 0;
    for (;;) {
      const c = body.charCodeAt(i);
      if (c === SPACE || c === TAB) {
        if (markers === 0) columns += c === TAB ? 4 - (columns % 4) : 1;
        i++;
      } else if (c === 62 /* > */) {
        markers++;
        i++;
      } else if ((c === 45 || c === 42 || c === 43) /* - * + */ && (i + 1 >= end || body.charCodeAt(i + 1) === SPACE || body.charCodeAt(i + 1) === TAB)) {
        markers++;
        items++;
        i++;
      } else if (c >= 48 && c <= 57) {
        let j = i;
        while (j < end && j - i < 9 && body.charCodeAt(j) >= 48 && body.charCodeAt(j) <= 57) j++;
        const d = body.charCodeAt(j);
        const after = body.charCodeAt(j + 1);
        if ((d === 46 || d === 41) /* . ) */ && (j + 1 >= end || after === SPACE || after === TAB)) {
          markers++;
          items++;
          i = j + 1;
        } else break;
      } else break;
    }
    // Fenced code: its lines are not parsed as markdown.
    const c = body.charCodeAt(i);
    if ((c === 96 || c === 126) /* ` ~ */ && body.charCodeAt(i + 1) === c && body.charCodeAt(i + 2) === c) {
      let n = 3;
      while (body.charCodeAt(i + n) === c) n++;
      if (fence === 0) {
        fence = n;
        fenceChar = c;
      } else if (c === fenceChar && n >= fence && isBlank(body, i + n, end)) fence = 0;
      start = end + 1;
      continue;
    }
    if (fence > 0) {
      start = end + 1;
      continue;
    }
    const blank = isBlank(body, i, end);
    // A list goes on over blank lines and indented lines; a paragraph after a blank line ends it.
    if (items > 0) {
      listItems++;
      if (listItems > MAX_LIST_ITEMS / 4)
        note(
          lineNo,
          listItems,
          MAX_LIST_ITEMS,
          'a long list',
          () =>
            `is item ${listItems} of one list (more than ${MAX_LIST_ITEMS}), which takes the markdown parser many seconds. Split the list with headings, or into pages.`,
        );
    } else if (!blank && markers === 0 && columns < 2 && afterBlank) listItems = 0;
    afterBlank = blank;
    if (markers > 0 && !(markers >= 3 && THEMATIC.test(body.slice(start, end)))) {
      const depth = Math.floor(columns / 2) + markers;
      note(
        lineNo,
        depth,
        MAX_NESTING,
        'nested lists or quotes',
        () => `nests lists or quotes ${depth} deep on this line (more than ${MAX_NESTING}), which the markdown parser takes minutes over. Flatten the nesting.`,
      );
    }
    // Each paragraph, list item, heading and table row is parsed for emphasis and links on its own.
    if (blank) table = false;
    else if (!table && (c === 124 || c === 45 || c === 58) /* | - : */ && body.slice(i, end).includes('|') && TABLE_DELIMITER.test(body.slice(i, end))) {
      table = true;
      tableCells = 0;
    }
    if (table) {
      // Each `|` opens or closes a cell: a count a little over the cells, linear in the row.
      for (let k = i; k < end; k++) if (body.charCodeAt(k) === 124) tableCells++;
      if (tableCells > MAX_TABLE_CELLS / 4)
        note(
          lineNo,
          tableCells,
          MAX_TABLE_CELLS,
          'a large table',
          () =>
            `brings one table past ${MAX_TABLE_CELLS} cells, which the markdown parser holds in memory all at once (a build ran out of memory on one). Split the table, or publish its data as a CSV file and link to it.`,
        );
    }
    const heading = c === 35 /* # */ && /^#{1,6}(?:[ \t\r]|$)/.test(body.slice(i, Math.min(end, i + 8)));
    if (blank || items > 0 || table || heading) {
      emphasis = 0;
      brackets = 0;
      if (!table) paragraphOpen = false;
    }
    const definition: boolean = !paragraphOpen && c === 91 /* [ */ && DEFINITION.test(body.slice(i, end));
    paragraphOpen = !blank && !heading && !definition;
    if (c === 58 /* : */ && body.charCodeAt(i + 1) === 58 && body.charCodeAt(i + 2) === 58) {
      let j = i + 3;
      while (body.charCodeAt(j) === 58) j++;
      if (isBlank(body, j, end)) directives = Math.max(0, directives - 1);
      else {
        directives++;
        const open = directives;
        note(
          lineNo,
          open,
          MAX_NESTING,
          'directives left open',
          () =>
            `opens an admonition or directive ${open} deep inside others still open (more than ${MAX_NESTING}), which the markdown parser takes minutes over. Close each with a \`:::\` line.`,
        );
      }
    }
    for (let k = definition ? end : i; k < end && !problem; k++) {
      const ch = body.charCodeAt(k);
      if (ch === 91 /* [ */) {
        brackets++;
        if (brackets > MAX_BRACKETS / 2)
          note(
            lineNo,
            brackets,
            MAX_BRACKETS,
            'many `[`',
            () =>
              `has ${brackets} \`[\` in one paragraph (more than ${MAX_BRACKETS}), which the markdown parser takes minutes over. Split the paragraph, or escape the brackets that open no link (\`\\[\`).`,
          );
      } else if (ch === 42 || ch === 95 || ch === 126 /* * _ ~ */) {
        let n = 1;
        while (body.charCodeAt(k + n) === ch) n++;
        const before = body.charCodeAt(k - 1);
        const after = body.charCodeAt(k + n);
        // `snake_case`: an underscore inside a word is no emphasis marker.
        const inWord = ch === 95 && isWordChar(before) && isWordChar(after);
        if (!inWord) {
          emphasis++;
          if (emphasis > MAX_EMPHASIS / 2)
            note(
              lineNo,
              emphasis,
              MAX_EMPHASIS,
              'many emphasis markers',
              () =>
                `has ${emphasis} emphasis markers (\`*\`, \`_\`, \`~\`) in one paragraph (more than ${MAX_EMPHASIS}), which the markdown parser takes minutes over. Split the paragraph, or escape the markers that emphasise nothing (\`\\*\`).`,
            );
          if (n > MAX_RUN / 2) {
            const mark = String.fromCharCode(ch);
            note(
              lineNo,
              n,
              MAX_RUN,
              `a run of ${n} \`${mark}\``,
              () =>
                `has a run of ${n} \`${mark}\` (more than ${MAX_RUN}), which the markdown parser nests as deep. Escape them (\`\\${mark}\`) or put them in code.`,
            );
          }
        }
        k += n - 1;
      }
    }
    start = end + 1;
  }
  return { problem, hottest, lines: line };
}

/** Letters and digits, ASCII or not. */
const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127;

/**
 * Wall-clock time a page may take to render on an idle machine: `base` ms, plus `perMiB` ms for each
 * MiB of markdown and `perLine` ms for each line. This site's markdown renders at about 1.5 s a MiB
 * on this 2-core machine when it is idle, and a file of many short lines (a long table, a list of
 * 20,000 items) takes longer than its bytes say. On a busy machine `renderWithin` gives more. A page
 * over its budget holds a construct the parser is slow on that `scanMarkdown` does not measure.
 */
export const RENDER_BUDGET = { base: 2000, perMiB: 10_000, perLine: 0.1 };

/** A page's budget in ms (`RENDER_BUDGET`) by its length in characters and lines. */
export const renderBudget = (chars: number, lines: number) => RENDER_BUDGET.base + (RENDER_BUDGET.perMiB * chars) / 1_048_576 + RENDER_BUDGET.perLine * lines;

/**
 * How many times its budget a page gets now: the machine's load over the last minute per core, at
 * least 1. While other builds and tests share the cores, a render takes as many times longer, and a
 * page of a long table could pass its budget on a loaded machine.
 */
function loadFactor(): number {
  return Math.max(1, loadavg()[0]! / availableParallelism());
}

/**
 * How long one guarded call keeps taking pages: a call has a time-out of its own (starting a
 * watchdog costs too much to pay per page), so the pages of a call share it. A page
 * starts in a call only while the call's time-out leaves it its whole budget.
 */
const CALL_WINDOW_MS = 100;

/** The context guarded calls run in, and the script that calls `run`. */
const guard = { context: createContext({ run: null as (() => void) | null }), script: new Script('run()') };

/** Thrown by `renderWithin` when a page runs out of time. */
export class RenderTimeout extends Error {
  override name = 'RenderTimeout';
  constructor(
    /** Index of the page in the list. */
    readonly index: number,
    /** Its budget, ms, before the machine's load was reckoned with. */
    readonly budget: number,
  ) {
    super(`page ${index} ran out of its ${Math.round(budget)} ms to render`);
  }
}

/**
 * Renders `items` in order with `render`, each within its budget in ms (`budget(item)`, times the
 * machine's `loadFactor`): a render still running when its time is up is stopped (V8 ends the running
 * script, `node:vm`'s time-out) and `RenderTimeout` names it. When the process got less than four
 * fifths of a core during that time (a load the last minute's average did not show yet), the page is
 * tried once more with three times the time.
 */
export function renderWithin<I, O>(items: readonly I[], budgetOf: (item: I) => number, render: (item: I) => O): O[] {
  const out: O[] = [];
  let next = 0;
  let retried = -1;
  while (next < items.length) {
    const first = next;
    const scale = loadFactor() * (retried === first ? 3 : 1);
    const budget = (item: I) => budgetOf(item) * scale;
    const timeout = Math.ceil(budget(items[first]!) + CALL_WINDOW_MS);
    const started = performance.now();
    let pageStarted = started;
    let pageCpu = process.cpuUsage();
    let rendering = false;
    guard.context.run = () => {
      while (next < items.length) {
        const now = performance.now();
        if (next > first && (now - started > CALL_WINDOW_MS || now - started + budget(items[next]!) > timeout)) return;
        pageStarted = now;
        pageCpu = process.cpuUsage();
        rendering = true;
        const rendered = render(items[next]!);
        rendering = false;
        out.push(rendered);
        next++;
      }
    };
    try {
      guard.script.runInContext(guard.context, { timeout });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
      // Out of time between two pages: the next call goes on.
      if (!rendering) continue;
      const wall = performance.now() - pageStarted;
      const used = process.cpuUsage(pageCpu);
      if (retried !== next && (used.user + used.system) / 1000 < wall * 0.8) {
        retried = next;
        continue;
      }
      throw new RenderTimeout(next, budgetOf(items[next]!));
    } finally {
      guard.context.run = null;
    }
  }
  return out;
}
