// A message region that is on the page before anything happens, so screen readers announce what is written into
// it later (a region inserted together with its text is not reliably read). Visually hidden: the visible message
// is elsewhere; this one is for announcing.
export function LiveRegion({ message, testId = "live-region" }: { message: string; testId?: string }) {
  return (
    <div role="alert" aria-live="assertive" aria-atomic="true" className="sr-only" data-testid={testId}>
      {message}
    </div>
  );
}
