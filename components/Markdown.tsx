// A small Markdown renderer for the docs pages that show a file of docs/ to people (headings with ids, code,
// tables, lists, links, bold): /docs/webhooks and /docs/going-live. Server only (no hooks).
/** "Salir a producción con Wompi" -> "salir-a-producción-con-wompi" (as the anchors in docs/*.md are written). */
function slug(text: string): string {
  return text.toLowerCase().replace(/[`*]/g, "").replace(/[^\p{L}\p{N}\s-]/gu, "").trim().replace(/\s+/g, "-");
}

function inline(text: string, key: string): React.ReactNode[] {
  const out: React.ReactNode[] = [];
  const re = /(`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\))/g;
  let last = 0;
  let i = 0;
  for (const m of text.matchAll(re)) {
    if (m.index! > last) out.push(text.slice(last, m.index));
    const tok = m[0];
    const k = `${key}-${i++}`;
    if (tok.startsWith("`")) out.push(<code key={k} className="rounded bg-slate-100 px-1 text-[0.85em]">{tok.slice(1, -1)}</code>);
    else if (tok.startsWith("**")) out.push(<strong key={k}>{tok.slice(2, -2)}</strong>);
    else {
      const [, label, href] = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(tok)!;
      out.push(<a key={k} href={href} className="text-brand-600 underline">{label}</a>);
    }
    last = m.index! + tok.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function renderMarkdown(md: string): React.ReactNode[] {
  const lines = md.split("\n");
  const blocks: React.ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const key = `b${i}`;
    if (line.startsWith("```")) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i].startsWith("```")) code.push(lines[i++]);
      i++;
      blocks.push(<pre key={key} tabIndex={0} className="overflow-x-auto rounded-md bg-slate-900 p-4 text-xs text-slate-100">{code.join("\n")}</pre>);
    } else if (/^#{1,3} /.test(line)) {
      const level = line.indexOf(" ");
      const text = line.slice(level + 1);
      const cls = ["text-2xl font-semibold", "mt-8 text-xl font-semibold", "mt-6 text-lg font-semibold"][level - 1];
      const Tag = (["h1", "h2", "h3"] as const)[level - 1];
      blocks.push(<Tag key={key} id={slug(text)} className={cls}>{inline(text, key)}</Tag>);
      i++;
    } else if (line.startsWith("|")) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i].startsWith("|")) {
        if (!/^\|[\s|:-]+\|$/.test(lines[i])) rows.push(lines[i].slice(1, -1).split(" | ").map((c) => c.trim()));
        i++;
      }
      const [head, ...body] = rows;
      blocks.push(
        <div key={key} tabIndex={0} className="overflow-x-auto">
          <table className="table-basic">
            <thead><tr>{head.map((c, j) => <th key={j}>{inline(c, `${key}h${j}`)}</th>)}</tr></thead>
            <tbody className="divide-y divide-slate-100">
              {body.map((r, ri) => <tr key={ri}>{r.map((c, j) => <td key={j}>{inline(c, `${key}r${ri}c${j}`)}</td>)}</tr>)}
            </tbody>
          </table>
        </div>,
      );
    } else if (line.startsWith("- ")) {
      const items: string[] = [];
      while (i < lines.length && (lines[i].startsWith("- ") || lines[i].startsWith("  "))) {
        if (lines[i].startsWith("- ")) items.push(lines[i].slice(2));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
        i++;
      }
      blocks.push(<ul key={key} className="list-disc space-y-1 pl-6">{items.map((it, j) => <li key={j}>{inline(it, `${key}l${j}`)}</li>)}</ul>);
    } else if (/^\d+\. /.test(line)) {
      const items: string[] = [];
      while (i < lines.length && (/^\d+\. /.test(lines[i]) || /^ {2,}\S/.test(lines[i]))) {
        if (/^\d+\. /.test(lines[i])) items.push(lines[i].replace(/^\d+\. /, ""));
        else items[items.length - 1] += ` ${lines[i].trim()}`;
        i++;
      }
      blocks.push(<ol key={key} className="list-decimal space-y-1 pl-6">{items.map((it, j) => <li key={j}>{inline(it, `${key}o${j}`)}</li>)}</ol>);
    } else if (line.trim() === "---") {
      blocks.push(<hr key={key} className="border-slate-200" />);
      i++;
    } else if (line.trim() === "") {
      i++;
    } else {
      const para: string[] = [];
      while (i < lines.length && lines[i].trim() !== "" && !/^(#|```|\||- |\d+\. |---$)/.test(lines[i])) para.push(lines[i++]);
      blocks.push(<p key={key}>{inline(para.join(" "), key)}</p>);
    }
  }
  return blocks;
}

