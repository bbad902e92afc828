// biome-ignore-all lint/suspicious/noArrayIndexKey: a static text never reorders, so positions are stable keys.
import { Fragment, type ReactNode } from "react";

/**
 * The catalogue's formatted texts: paragraphs, `##`/`###` headings, `-` lists, **bold**, *italic*
 * and [links](https://…). Built as React elements, never as HTML, so no text can inject markup;
 * links keep to http(s), mailto and site paths.
 */
export function RichText({ text, headingOffset = 0 }: { text: string; headingOffset?: number }) {
  const blocks = text
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <div className="rich-text">
      {blocks.map((block, i) => {
        const heading = /^(#{2,3})\s+(.*)$/.exec(block);
        if (heading) {
          const level = Math.min(6, (heading[1] as string).length + headingOffset);
          const Tag = `h${level}` as "h2";
          return <Tag key={i}>{inline(heading[2] as string)}</Tag>;
        }
        return <Fragment key={i}>{runs(block.split("\n"))}</Fragment>;
      })}
    </div>
  );
}

const LIST_ITEM = /^[-*]\s+/;

/** A block's lines as runs: consecutive list items make a list, other lines a paragraph. */
function runs(lines: string[]): ReactNode[] {
  const nodes: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const list = LIST_ITEM.test(lines[i] as string);
    const run: string[] = [];
    while (i < lines.length && LIST_ITEM.test(lines[i] as string) === list) run.push(lines[i++] as string);
    nodes.push(
      list ? (
        <ul key={i}>
          {run.map((line, j) => (
            <li key={j}>{inline(line.replace(LIST_ITEM, ""))}</li>
          ))}
        </ul>
      ) : (
        <p key={i}>
          {run.map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {inline(line)}
            </Fragment>
          ))}
        </p>
      ),
    );
  }
  return nodes;
}

const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;

export function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0;
    if (at > last) nodes.push(text.slice(last, at));
    const [, bold, italic, label, href] = match;
    if (bold) nodes.push(<strong key={at}>{bold}</strong>);
    else if (italic) nodes.push(<em key={at}>{italic}</em>);
    else if (label && href && SAFE_HREF.test(href))
      nodes.push(
        <a key={at} href={href}>
          {label}
        </a>,
      );
    else nodes.push(match[0]);
    last = at + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
