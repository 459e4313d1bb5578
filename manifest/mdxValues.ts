/**
 * The values an MDX expression may hold on this site: literals and a few names Docusaurus pages use, read from
 * the expression's syntax tree. Nothing is run, at build time or in the browser, so content never runs code: any
 * other expression is refused with what to write instead.
 */
import type { Expression, Node as EstreeNode, Program } from 'estree';
import { CONTINUE, EXIT, visit } from 'estree-util-visit';

/** What an expression reads as: JSON-like data, the page's table of contents, or a refusal. */
export type MdxValue = string | number | boolean | null | MdxValue[] | { [key: string]: MdxValue } | typeof TOC;

/** The value of `toc`: the page's headings, which `TOCInline` lists. */
export const TOC: unique symbol = Symbol('toc');

/**
 * What an expression cannot be read as, with the part that stops it. `reference`: the expression only names a value
 * (`constants.packageManagers`), which runs nothing but cannot be known without running the module that makes it.
 */
export class RefusedExpression extends Error {
  constructor(
    message: string,
    readonly reference = false,
  ) {
    super(message);
  }
}

/** What an author may write in braces, for messages. */
export const LITERAL_HINT =
  "a literal value (a string, number, boolean, array or object of literals), `toc`, `frontMatter.<field>`, `useBaseUrl('/path')` or `require('./file.png').default`";

/** What expressions may name. */
export interface MdxScope {
  /** The page's front matter, for `frontMatter.x`. */
  frontMatter: Record<string, unknown>;
}

const refuse = (what: string, reference = false): never => {
  throw new RefusedExpression(what, reference);
};

/** Whether `node` is a name or a chain of plain property reads of one (`a.b.c`): it reads a value and runs nothing. */
const isReference = (node: EstreeNode): boolean =>
  node.type === 'Identifier' || (node.type === 'MemberExpression' && !node.computed && node.object.type !== 'Super' && isReference(node.object));

/** A JSON value of the front matter as an `MdxValue` (dates as ISO strings, the rest dropped). */
function fromData(value: unknown): MdxValue {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(fromData);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fromData(v)]));
  return null;
}

/** The value of one expression node. */
function valueOf(node: EstreeNode, scope: MdxScope): MdxValue {
  switch (node.type) {
    case 'Literal':
      if ('regex' in node || 'bigint' in node) return refuse('a regular expression or a big integer');
      return (node.value as string | number | boolean | null) ?? null;
    case 'TemplateLiteral':
      if (node.expressions.length) return refuse('a template string with `${…}` in it');
      return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('');
    case 'UnaryExpression': {
      const inner = valueOf(node.argument, scope);
      if (typeof inner === 'number' && (node.operator === '-' || node.operator === '+')) return node.operator === '-' ? -inner : inner;
      return refuse(`an expression with \`${node.operator}\``);
    }
    case 'ArrayExpression':
      return node.elements.map((element) => (element === null ? null : element.type === 'SpreadElement' ? refuse('a spread `...`') : valueOf(element, scope)));
    case 'ObjectExpression': {
      const out: Record<string, MdxValue> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method) return refuse('a computed key, spread or method');
        const key =
          property.key.type === 'Identifier' ? property.key.name : property.key.type === 'Literal' ? String(property.key.value) : refuse('a computed key');
        out[key] = valueOf(property.value, scope);
      }
      return out;
    }
    case 'Identifier':
      if (node.name === 'toc') return TOC;
      if (node.name === 'undefined') return null;
      return refuse(`the variable \`${node.name}\``, true);
    case 'MemberExpression':
      // `require('@site/static/img/x.png').default`, Docusaurus's way to name a file: its path, which the build resolves.
      if (
        node.object.type === 'CallExpression' &&
        node.object.callee.type === 'Identifier' &&
        node.object.callee.name === 'require' &&
        !node.computed &&
        node.property.type === 'Identifier' &&
        node.property.name === 'default'
      ) {
        const [first] = node.object.arguments;
        const path = first && first.type !== 'SpreadElement' ? valueOf(first, scope) : null;
        if (typeof path === 'string') return path.replace(/^@site\/static\//, '/');
        return refuse('a `require` of something other than a file path');
      }
      if (node.object.type === 'Identifier' && node.object.name === 'frontMatter' && !node.computed && node.property.type === 'Identifier') {
        return fromData(scope.frontMatter[node.property.name]);
      }
      return refuse('a value of another module', isReference(node));
    case 'CallExpression':
      if (node.callee.type === 'Identifier' && node.callee.name === 'useBaseUrl' && node.arguments.length >= 1) {
        const [first] = node.arguments;
        const path = first && first.type !== 'SpreadElement' ? valueOf(first, scope) : null;
        // Docusaurus's `useBaseUrl` reads a path from the site root whether or not it starts with `/`; a URL with a
        // scheme, `//` or `#` stays as it is.
        if (typeof path === 'string') return /^([a-z][a-z\d+.-]*:|\/|#)/i.test(path) ? path : `/${path}`;
      }
      return refuse('a function call');
    default:
      return refuse(`code (\`${node.type}\`)`);
  }
}

/**
 * The value of the expression of `program` (the estree MDX attaches to an expression), or undefined when it is
 * empty, a comment alone (`{/* note *\/}`). Throws `RefusedExpression` for anything but what `LITERAL_HINT` names.
 */
export function expressionValue(program: Program | null | undefined, scope: MdxScope): MdxValue | undefined {
  if (!program) return refuse('an expression that cannot be read');
  if (program.body.length === 0) return undefined;
  const [statement] = program.body;
  if (program.body.length > 1 || statement?.type !== 'ExpressionStatement') return refuse('statements');
  return valueOf(statement.expression as Expression, scope);
}

/**
 * The names an expression reads (`constants` of `constants.tabs(['web'])`), or null when it does more than read
 * names: `this`, `import.meta`, `super` or JSX, which name nothing a page imports. Property names and keys are no
 * names; a name a function in it binds counts as read, so the set never leaves out a name it depends on.
 */
export function namesRead(program: Program): Set<string> | null {
  const names = new Set<string>();
  let other = false;
  visit(program, (node, key, _index, ancestors) => {
    if (node.type === 'ThisExpression' || node.type === 'Super' || node.type === 'MetaProperty' || node.type.startsWith('JSX')) {
      other = true;
      return EXIT;
    }
    if (node.type !== 'Identifier') return CONTINUE;
    const parent = ancestors[ancestors.length - 1];
    const isName =
      !(parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) && !(parent?.type === 'Property' && key === 'key' && !parent.computed);
    if (isName) names.add(node.name);
    return CONTINUE;
  });
  return other ? null : names;
}
