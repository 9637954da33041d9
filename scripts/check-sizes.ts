/**
 * Part of `npm test`: no file in worker/ or core/ (tests included) is over 400 lines, apart from the
 * schema, which declares every table in one place (docs/architecture.md, The layering rule); none in
 * web/ over 300 (the generated route tree aside) nor in e2e/ over 400. Functions are held by biome
 * (noExcessiveLinesPerFunction: 60 lines in worker/ and core/, 80 in web/), but biome counts no line
 * inside JSX, so a component (a function that returns JSX) in web/ is counted here: 80 lines at most.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const FILE_LIMITS = [
  { folder: 'worker', maxLines: 400 },
  { folder: 'core', maxLines: 400 },
  { folder: 'web', maxLines: 300 },
  { folder: 'e2e', maxLines: 400 },
];
const EXEMPT = new Set(['worker/db/schema.ts', 'web/routeTree.gen.ts']);
const MAX_COMPONENT_LINES = 80;

const sourcesIn = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(folder, name))
    .filter((file) => !EXEMPT.has(file));

const lineCount = (text: string) => text.split('\n').length - 1;
const nonBlankLines = (text: string) => text.split('\n').filter((line) => line.trim() !== '').length;

const longFiles = FILE_LIMITS.flatMap(({ folder, maxLines }) =>
  sourcesIn(folder)
    .map((file) => ({ file, lines: lineCount(readFileSync(file, 'utf8')), maxLines }))
    .filter(({ lines }) => lines > maxLines),
);

/** A function's name: its own, or the variable it is assigned to; anonymous callbacks are counted within their parent. */
const nameOf = (node: ts.Node): string | undefined => {
  if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name) return node.name.text;
  if (ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) return node.parent.name.text;
  return undefined;
};
const holdsJsx = (node: ts.Node): boolean =>
  ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node) || ts.forEachChild(node, holdsJsx) === true;

const longComponents = sourcesIn('web')
  .filter((file) => file.endsWith('.tsx'))
  .flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const found: { component: string; lines: number }[] = [];
    const visit = (node: ts.Node) => {
      const name = ts.isFunctionLike(node) ? nameOf(node) : undefined;
      if (name && holdsJsx(node)) {
        const lines = nonBlankLines(text.slice(node.getStart(source), node.getEnd()));
        if (lines > MAX_COMPONENT_LINES) found.push({ component: `${file}: ${name}`, lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });

const failures = [
  ...longFiles.map(({ file, lines, maxLines }) => `${file}: ${lines} lines, over ${maxLines}: split it.`),
  ...longComponents.map(({ component, lines }) => `${component}: ${lines} lines, over ${MAX_COMPONENT_LINES}: split it.`),
];
for (const failure of failures) console.error(failure);
if (failures.length > 0) process.exitCode = 1;
else
  console.log(
    `File sizes: none over 400 lines in worker/, core/ and e2e/, nor over 300 in web/; no component over ${MAX_COMPONENT_LINES} lines.`,
  );
