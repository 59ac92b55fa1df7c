// The rendered e-mail in a sandboxed iframe (no scripts, no same-origin), as the recipient's mail client shows it.
export function EmailFrame({ html, title }: { html: string; title: string }) {
  return <iframe title={title} sandbox="" srcDoc={html} className="h-[720px] w-full rounded-md border border-slate-200 bg-white" data-testid="email-frame" />;
}
