/**
 * The small Markdown of announcements (issue 17 §2): paragraphs (split by blank lines), line breaks,
 * **bold**, *italic*, lists ("- " or "1. " lines) and links — `[text](https://…)` or a bare http(s)
 * address. Parsed into a tree the screen turns into React elements, never into HTML: whatever else the
 * text holds (tags, scripts, other link schemes) stays text.
 */
export type Inline
  = | { type: 'text'; text: string }
    | { type: 'strong'; children: Inline[] }
    | { type: 'em'; children: Inline[] }
    | { type: 'link'; href: string; children: Inline[] }
    | { type: 'br' };

export type Block
  = | { type: 'paragraph'; children: Inline[] }
    | { type: 'list'; ordered: boolean; items: Inline[][] };

/** An address a link may lead to: absolute http or https only (no javascript:, data:, relative paths). */
export function safeHref(raw: string): string | null {
  const text = raw.trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: inlineLines(paragraph) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map((item) => parseInline(item)) });
    paragraph = [];
    list = null;
  };
  for (const line of lines) {
    if (!line.trim()) { flush(); continue; }
    // A bullet "* " is a list item, not italics: the space after it tells them apart.
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = !!numbered;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]);
    } else if (list && /^\s{2,}\S/.test(line)) {
      // An indented line continues the item above.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** The lines of a paragraph, with a line break between them. */
function inlineLines(lines: string[]): Inline[] {
  return lines.flatMap((line, i) => (i ? [{ type: 'br' } as Inline, ...parseInline(line)] : parseInline(line)));
}

const PATTERNS: Array<{ kind: 'link' | 'strong' | 'em' | 'url'; re: RegExp }> = [
  { kind: 'link', re: /\[([^\]\n]+)\]\(([^()\s]+)\)/ },
  { kind: 'strong', re: /\*\*(\S(?:.*?\S)?)\*\*/ },
  { kind: 'em', re: /\*([^\s*](?:[^*]*?[^\s*])?)\*/ },
  { kind: 'url', re: /\bhttps?:\/\/[^\s<>"]+/i },
];

/** One line's inline marks; `inLink` keeps links out of a link's own text. */
export function parseInline(text: string, inLink = false): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  const pushText = (value: string) => {
    if (!value) return;
    const last = out[out.length - 1];
    if (last?.type === 'text') last.text += value;
    else out.push({ type: 'text', text: value });
  };
  while (rest) {
    let best: { kind: (typeof PATTERNS)[number]['kind']; match: RegExpExecArray } | null = null;
    for (const { kind, re } of PATTERNS) {
      if (inLink && (kind === 'link' || kind === 'url')) continue;
      const match = re.exec(rest);
      // The earliest mark wins; at the same place, the first pattern (a link before bold before italics).
      if (match && (!best || match.index < best.match.index)) best = { kind, match };
    }
    if (!best) { pushText(rest); break; }
    const { kind, match } = best;
    pushText(rest.slice(0, match.index));
    let consumed = match[0];
    if (kind === 'strong') out.push({ type: 'strong', children: parseInline(match[1], inLink) });
    else if (kind === 'em') out.push({ type: 'em', children: parseInline(match[1], inLink) });
    else if (kind === 'link') {
      const href = safeHref(match[2]);
      if (href) out.push({ type: 'link', href, children: parseInline(match[1], true) });
      else pushText(match[0]);
    } else {
      // A bare address ends before the punctuation that closes its sentence.
      consumed = match[0].replace(/[.,;:!?)\]'’»]+$/, '');
      const href = safeHref(consumed);
      if (href) out.push({ type: 'link', href, children: [{ type: 'text', text: consumed }] });
      else pushText(consumed);
    }
    rest = rest.slice(match.index + consumed.length);
  }
  return out;
}

/** The text alone, without marks (a preview line of an announcement). */
export function plainText(blocks: Block[]): string {
  const inline = (nodes: Inline[]): string =>
    nodes.map((n) => (n.type === 'text' ? n.text : n.type === 'br' ? ' ' : inline(n.children))).join('');
  return blocks.map((b) => (b.type === 'paragraph' ? inline(b.children) : b.items.map(inline).join(' · '))).join(' ');
}
