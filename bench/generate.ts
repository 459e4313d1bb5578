/**
 * Synthetic content trees for the benchmark: `count` docs of about 4 KB each
 * (front matter, h1, h2/h3 sections, paragraphs, a table, a `ts` and a `bash`
 * block, 2–3 internal links), spread over 10 top-level folders that each hold
 * one nested folder, every folder with a `_category_.json`. Output is
 * deterministic for a given count.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

const FOLDERS = 10;

const WORDS = (
  'application module tenant permission role user session token cookie request response server client proxy route handler middleware ' +
  'component page layout form field input validation schema query mutation cache store state hook context provider theme style ' +
  'table column row filter sort page size dialog button menu sidebar navbar footer header content block editor preview publish ' +
  'deploy build bundle docker image container environment variable secret key value setting feature flag audit log event ' +
  'background job queue worker retry timeout error message warning status code header body payload endpoint resource identity ' +
  'account profile password email phone claim scope policy grant issuer audience refresh access authorization authentication ' +
  'framework backend frontend template project folder file path import export type interface function method property ' +
  'configure register resolve render fetch update delete create read list load save submit redirect refresh validate ' +
  'the a an of to in for with on by from as is are be can should will must may this that each every when then after before ' +
  'and or not only also both either new default custom current previous next first last same other shared local remote'
).split(/\s+/);

const HEADINGS_H2 = ['Overview', 'Configuration', 'Usage', 'Troubleshooting'];
const HEADINGS_H3 = ['Key concepts', 'Environment', 'Options', 'Examples', 'Common errors', 'Next steps'];

/** mulberry32: a small seeded PRNG, so trees (and the build oracle's edits) are the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedDoc {
  /** Path below the content folder: `docs/area-03/topic-00042.md`. */
  rel: string;
  /** Route: `/docs/area-03/topic-00042`. */
  route: string;
  title: string;
}

/** Folder (below `docs/`) of the i-th generated doc; i ≥ 1 (0 is the intro). */
function folderOf(i: number, count: number): string {
  const area = `area-${String(i % FOLDERS).padStart(2, '0')}`;
  // About a third of each area lives in its nested folder.
  return Math.floor(i / FOLDERS) % 3 === 2 && count > FOLDERS * 3 ? `${area}/advanced` : area;
}

/** Plans the docs of a tree without writing them. */
function planDocs(count: number): GeneratedDoc[] {
  const rand = prng(count);
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  const docs: GeneratedDoc[] = [{ rel: 'docs/intro.md', route: '/docs/intro', title: 'Introduction' }];
  for (let i = 1; i < count; i++) {
    const name = `topic-${String(i).padStart(5, '0')}`;
    const dir = folderOf(i, count);
    const pick = () => WORDS[Math.floor(rand() * 120)]!;
    docs.push({ rel: `docs/${dir}/${name}.md`, route: `/docs/${dir}/${name}`, title: `${cap(pick())} ${pick()} ${pick()} ${i}` });
  }
  return docs;
}

/** Writes a tree of `count` docs into `dir` (which should be empty); returns the docs. */
export function generateTree(dir: string, count: number, siteConfigFrom: string): GeneratedDoc[] {
  const docs = planDocs(count);
  const rand = prng(count * 7919 + 1);
  // Zipf-like word choice: frequent words come up far more often, as in prose.
  const word = () => WORDS[Math.floor(WORDS.length * rand() * rand())]!;
  const ident = () => {
    const a = word();
    const b = word();
    return a + b[0]!.toUpperCase() + b.slice(1);
  };
  const sentence = (min = 8, max = 18) => {
    const n = min + Math.floor(rand() * (max - min));
    const ws: string[] = [];
    for (let i = 0; i < n; i++) ws.push(rand() < 0.06 ? `\`${ident()}\`` : word());
    const s = ws.join(' ');
    return s[0]!.toUpperCase() + s.slice(1) + '.';
  };
  const paragraph = (sentences = 3 + Math.floor(rand() * 3)) => Array.from({ length: sentences }, () => sentence()).join(' ');

  // Categories: 10 areas, each with a nested `advanced` folder when there are enough docs.
  const folders = new Set(docs.slice(1).map((d) => dirname(d.rel)));
  for (const folder of folders) {
    mkdirSync(join(dir, folder), { recursive: true });
    const nested = folder.endsWith('/advanced');
    const n = Number(/area-(\d+)/.exec(folder)?.[1] ?? 0);
    const category = nested
      ? { label: 'Advanced', position: 99, collapsed: true }
      : { label: `Area ${n + 1}`, position: n + 2, collapsed: true, link: { type: 'generated-index', description: sentence() } };
    writeFileSync(join(dir, folder, '_category_.json'), JSON.stringify(category, null, 2) + '\n');
  }
  mkdirSync(join(dir, 'docs'), { recursive: true });

  docs.forEach((doc, i) => {
    const targets = [docs[(i * 37 + 11) % docs.length]!, docs[(i * 101 + 3) % docs.length]!, docs[(i + 1) % docs.length]!].filter((t) => t !== doc);
    const links: string[] = [];
    if (targets[0]) links.push(`[${targets[0].title}](${targets[0].route})`);
    if (targets[1]) {
      const relPath = posix.relative(posix.dirname(doc.rel), targets[1].rel);
      links.push(`[its configuration](${relPath.startsWith('.') ? relPath : `./${relPath}`}#configuration)`);
    }
    if (targets[2] && rand() < 0.6) links.push(`[${targets[2].title}](${targets[2].route}#usage)`);
    const fn = ident();
    const type = fn[0]!.toUpperCase() + fn.slice(1);
    const rows = Array.from(
      { length: 4 },
      () =>
        `| \`${ident()}\` | \`${['string', 'number', 'boolean', 'string[]'][Math.floor(rand() * 4)]}\` | \`${['undefined', 'true', '30', "'auto'"][Math.floor(rand() * 4)]}\` | ${sentence(5, 10)} |`,
    );
    const body = [
      '---',
      `sidebar_position: ${i + 1}`,
      `description: ${JSON.stringify(sentence(10, 16))}`,
      '---',
      '',
      `# ${doc.title}`,
      '',
      paragraph(),
      '',
      `## ${HEADINGS_H2[0]}`,
      '',
      paragraph(),
      '',
      `### ${HEADINGS_H3[i % 3]}`,
      '',
      paragraph(2),
      '',
      '| Option | Type | Default | Description |',
      '| --- | --- | --- | --- |',
      ...rows,
      '',
      `## ${HEADINGS_H2[1]}`,
      '',
      paragraph(2),
      '',
      '```ts',
      `import { createClient } from '@/lib/client';`,
      '',
      `export interface ${type}Options {`,
      `  baseUrl: string;`,
      `  tenantId?: string;`,
      `  retries: number;`,
      `}`,
      '',
      `export async function ${fn}(options: ${type}Options): Promise<void> {`,
      `  const client = createClient({ baseUrl: options.baseUrl });`,
      `  await client.get('/api/${word()}/${word()}', { headers: { __tenant: options.tenantId ?? '' } });`,
      `}`,
      '```',
      '',
      `### ${HEADINGS_H3[3 + (i % 3)]}`,
      '',
      paragraph(2),
      '',
      '```bash',
      `export NEXT_PUBLIC_API_URL=https://api.example.com`,
      `pnpm install`,
      `pnpm run ${word()}:${word()} --filter ${fn}`,
      '```',
      '',
      `## ${HEADINGS_H2[2]}`,
      '',
      `${sentence()} See ${links.join(', ')}.`,
      '',
      paragraph(),
      '',
      `## ${HEADINGS_H2[3]}`,
      '',
      paragraph(),
      '',
      paragraph(),
      '',
    ].join('\n');
    writeFileSync(join(dir, doc.rel), body);
  });

  // Site configuration: this site's, with every internal `to` link pointed at the intro.
  const config = JSON.parse(readFileSync(siteConfigFrom, 'utf8')) as unknown;
  const retarget = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(retarget);
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      for (const [k, v] of Object.entries(o)) {
        if (k === 'to' && typeof v === 'string' && v.startsWith('/docs/')) o[k] = '/docs/intro';
        else retarget(v);
      }
    }
  };
  retarget(config);
  writeFileSync(join(dir, 'site.config.json'), JSON.stringify(config, null, 2) + '\n');
  return docs;
}
