// The rendered e-mail in a sandboxed iframe (no scripts, no same-origin), as the recipient's mail client shows it.
// Its links open in a new tab (<base target="_blank">, popups allowed to leave the sandbox), never inside the frame.
export function EmailFrame({ html, title }: { html: string; title: string }) {
  const doc = html.replace(/<head>/i, '<head><base target="_blank">');
  return <iframe title={title} sandbox="allow-popups allow-popups-to-escape-sandbox" srcDoc={doc} className="h-[720px] w-full rounded-md border border-slate-200 bg-white" data-testid="email-frame" />;
}
