/**
 * An announcement's text as React elements from the parsed tree (src/shared/markdown.ts): no HTML string
 * is ever handed to the browser, so a tag in the text shows as the text it is.
 */
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from '../../shared/markdown';

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text': return <Fragment key={i}>{node.text}</Fragment>;
      case 'br': return <br key={i} />;
      case 'strong': return <strong key={i}>{inline(node.children)}</strong>;
      case 'em': return <em key={i}>{inline(node.children)}</em>;
      case 'link': return <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">{inline(node.children)}</a>;
    }
  });
}

function block(node: Block, i: number): ReactNode {
  if (node.type === 'paragraph') return <p key={i}>{inline(node.children)}</p>;
  const items = node.items.map((item, j) => <li key={j}>{inline(item)}</li>);
  return node.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
}

export function SafeMarkdown({ text }: { text: string }) {
  return <>{parseMarkdown(text).map(block)}</>;
}
